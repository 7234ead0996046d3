// The owner's campaign list's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { myEventsRoutes as myEventsModule } from './routes.ts';
export { createMyEventsService } from './service.ts';
