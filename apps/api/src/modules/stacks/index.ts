// The stacks module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { stackRoutes as stacksModule } from './routes.ts';
export { stackPageMeta } from './meta.ts';
export { stackRecords } from './service.ts';
