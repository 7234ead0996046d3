// The payouts module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { payoutsRoutes as payoutsModule } from './routes.ts';
export { payoutRecords } from './service.ts';
