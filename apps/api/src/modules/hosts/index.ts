// The hosts module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { hostRoutes as hostsModule } from './routes.ts';
