// The statements module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { statementsRoutes as statementsModule } from './routes.ts';
