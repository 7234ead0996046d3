// The matching module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { matchingRoutes as matchingModule } from './routes.ts';
export { createMatchService, matchingEmails, matchRecords } from './service.ts';
