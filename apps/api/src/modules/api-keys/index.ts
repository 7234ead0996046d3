// The API keys module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { apiKeyRoutes as apiKeysModule } from './routes.ts';
