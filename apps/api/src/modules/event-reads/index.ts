// The campaigns' read model's face (CONTRIBUTING.md, 'API modules'): which pledges count, totals,
// summaries and the public view, and who may manage or see a campaign.
export { assertCanManage, assertCanSee, canView, isFinished } from './access.ts';
export {
  countedPledges,
  distinctSupporters,
  isCountedPledge,
  isPubliclyVisible,
  runoffOptionTotals,
  runoffTotals,
  toEventSummaries,
  toEventSummary,
  toParticipantResponse,
  toPublicEventSummary,
  totalsColumns,
  totalsFor,
  totalsFromColumns,
  type ParticipantRow,
} from './totals-and-summaries.ts';
