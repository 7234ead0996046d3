// The catalog's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { catalogRoutes as catalogModule } from './routes.ts';
export { catalogService } from './service.ts';
