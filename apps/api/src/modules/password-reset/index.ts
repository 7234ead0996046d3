// The password reset's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { passwordResetRoutes as passwordResetModule } from './routes.ts';
export { deletePasswordResetTokensOf } from './service.ts';
