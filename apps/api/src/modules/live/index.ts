// The live updates' face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { liveRoutes as liveModule } from './routes.ts';
