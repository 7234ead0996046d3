// The identity checks' face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { identityRoutes as identityModule } from './routes.ts';
