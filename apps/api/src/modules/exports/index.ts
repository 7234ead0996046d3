// The exports module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { exportRoutes as exportsModule } from './routes.ts';
export { supporterAsShown } from './shown.ts';
