// The campaign records' face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { eventRecords, type CampaignRow, type NewEvent } from './service.ts';
