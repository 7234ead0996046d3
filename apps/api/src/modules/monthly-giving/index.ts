// The monthly giving's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { monthlyGivingRoutes as monthlyGivingModule } from './routes.ts';
export { monthlyGivingForAdmins } from './admin.ts';
export { monthlyGiftRecords } from './charge.ts';
export { monthlyGiftCards } from './service.ts';
