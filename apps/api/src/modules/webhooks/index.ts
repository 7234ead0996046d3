// The webhooks module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { webhookRoutes as webhooksModule } from './routes.ts';
