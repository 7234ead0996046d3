// The admin console's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { adminRoutes as adminModule } from './routes.ts';
