// The audit log's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it. The
// repository takes the caller's transaction, so an audit entry commits with the change it records.
export { recordAdminAction } from './admin-action.ts';
export { auditRepository } from './repository.ts';
