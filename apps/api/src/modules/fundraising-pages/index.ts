// The fundraising pages' face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { fundraisingPageRoutes as fundraisingPagesModule } from './routes.ts';
export { fundraisingPageRecords } from './service.ts';
