// The open ledger's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { openLedgerRoutes as openLedgerModule } from './routes.ts';
