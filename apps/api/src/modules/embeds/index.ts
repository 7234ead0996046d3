// The embeds module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { embedRoutes as embedsModule } from './routes.ts';
