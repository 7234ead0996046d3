// The promotions module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { promotionRoutes as promotionsModule } from './routes.ts';
export { promotionRecords } from './service.ts';
