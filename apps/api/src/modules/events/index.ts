// The events module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { eventRoutes as eventsModule } from './routes.ts';
export { eventPageMeta } from './meta.ts';
export { loadEventDetail } from './read-model.ts';
export { createEventsService } from './service.ts';
