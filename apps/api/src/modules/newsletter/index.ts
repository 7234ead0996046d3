// The newsletter module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { newsletterRoutes as newsletterModule } from './routes.ts';
