// The search module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { searchRoutes as searchModule } from './routes.ts';
