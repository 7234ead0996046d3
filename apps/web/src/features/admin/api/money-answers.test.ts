import { describe, expect, it } from 'vitest';
import { setApiTransport } from '@/lib/api-client';
import { ResponseShapeError } from '@/lib/parse-response';
import { getCampaignPledges } from './get-campaign-pledges';
import { getChargeRun } from './get-charge-run';
import { getCharging } from './get-charging';
import { getDashboard } from './get-dashboard';

// Every request through the real client (typed or not) gets this answer.
const answer = { body: undefined as unknown };
setApiTransport(async () => new Response(JSON.stringify(answer.body), { status: 200, headers: { 'content-type': 'application/json' } }));

// Answers whose money field was renamed: the console must refuse them, not show $0.00 or $NaN.
const queueRow = {
  _id: 'event-1',
  name: 'Library Roof Fund',
  kind: 'crowdfunding',
  funding_model: 'all_donations',
  target_amount: 5000,
  pledge_count: 4,
  pledged_total: 800, // renamed from pledged_amount
  completed_at: '2030-01-03T12:00:30.000Z',
  expected_outcome: 'charge',
  charge_run_id: null,
  charge_run_status: null,
  charged_at_deadline: false,
  held: false,
};
const pledgeRow = {
  _id: 'pledge-1',
  event: { _id: 'event-1', name: 'Library Roof Fund' },
  donor: null,
  status: 'pending',
  amount_cents: 2500, // renamed from amount
  tip: 0,
  charged_amount: null,
  failure_reason: null,
  failed_at: null,
  window_ends_at: null,
  is_creator_pledge: false,
  anonymous: false,
  created_at: '2030-01-01T00:00:00.000Z',
  charged_at: null,
};
const renamedMoney = { success: true, data: { charged_total: 1250, waiting: [queueRow], failed: [], items: [pledgeRow] } };

describe('the admin money screens read answers with the routes’ schemas', () => {
  it.each([
    ['the charging queue', () => getCharging()],
    ['the dashboard', () => getDashboard()],
    ['a charge run', () => getChargeRun('run-1')],
    ["a campaign's pledges", () => getCampaignPledges('event-1')],
  ])('%s: an answer of another shape is an error', async (_screen, load) => {
    answer.body = renamedMoney;
    await expect(load()).rejects.toBeInstanceOf(ResponseShapeError);
  });
});
