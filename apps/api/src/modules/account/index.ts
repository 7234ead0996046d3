// The account module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { accountRoutes as accountModule } from './routes.ts';
