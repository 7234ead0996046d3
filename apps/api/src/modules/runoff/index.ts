// The runoff module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { runoffRoutes as runoffModule } from './routes.ts';
export { applyRunoffRules, runoffResult, runoffRuleFields, settleRunoff } from './service.ts';
