// The events module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { eventRoutes as eventsModule } from './routes.ts';
export { eventPageMeta } from './meta.ts';
export { loadEventDetail } from './campaign-detail.ts';
export { createEventsService } from './service.ts';
