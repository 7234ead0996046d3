// The admin console's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { adminRoutes as adminModule } from './routes.ts';
/** A charity's row as the admins keep it: the portal reads it and saves a representative's profile change. */
export { charityRecords } from './charities/service.ts';
