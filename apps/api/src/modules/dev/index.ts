// The development helpers' face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { devRoutes as devModule } from './routes.ts';
