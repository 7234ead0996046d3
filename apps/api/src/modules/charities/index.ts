// The charities module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { charityRoutes as charitiesModule } from './routes.ts';
export { charityRecords, type CharityRow } from './repository.ts';
