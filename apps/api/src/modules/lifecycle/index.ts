// The campaign life cycle's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { lifecycleRoutes as lifecycleModule } from './routes.ts';
export { lifecycleEmails } from './emails.ts';
export { createLifecycleService, lifecycleRecords, REFUND_FUNDING_QUEUE, releasePledgesWithin, type RefundReason } from './service.ts';
