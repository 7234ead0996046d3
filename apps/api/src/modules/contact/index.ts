// The contact module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { contactRoutes as contactModule } from './routes.ts';
export { contactRecords } from './service.ts';
