// The disputes module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { disputesRoutes as disputesModule } from './routes.ts';
export { createDisputesService, disputeRecords, type DisputeOutcome } from './service.ts';
