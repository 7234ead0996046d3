// The e-mail confirmation's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { emailConfirmationRoutes as emailConfirmationModule } from './routes.ts';
export { createEmailConfirmationService } from './service.ts';
