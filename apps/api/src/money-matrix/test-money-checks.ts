import { expect } from 'vitest';
import type { TestServer } from '../test/harness.ts';
import { expectBooksBalanced } from '../test/money.ts';

/**
 * What must hold after any race on a money route (decision 091): the books' own check (the ledger
 * verify service), and the three records agreeing with each other in both directions, so a charge
 * the provider made twice, or a posting made twice, shows up even where the books still balance.
 */
export async function expectMoneyAgrees(server: TestServer): Promise<void> {
  const query = server.app.ctx.database.query;
  await expectBooksBalanced(server);

  // Every successful provider charge belongs to exactly one pledge, donation or month of a monthly gift.
  const strayCharges = await query<{ id: string; owners: number }>(
    `select c.id, ((select count(*) from pledges p where p.provider_charge_ref = c.id)
                 + (select count(*) from charity_donations d where d.provider_charge_ref = c.id)
                 + (select count(*) from monthly_gift_charges m where m.provider_charge_ref = c.id and m.status = 'charged'))::int as owners
       from sandbox_charges c where c.status = 'succeeded'`,
  );
  expect(strayCharges.filter((charge) => charge.owners !== 1)).toEqual([]);

  // Every provider refund is in the ledger once.
  const refunds = await query<{ id: string; postings: number }>(
    `select r.id, (select count(*) from ledger_transactions t where t.provider_ref = r.id)::int as postings from sandbox_refunds r`,
  );
  expect(refunds.filter((refund) => refund.postings !== 1)).toEqual([]);

  // A pledge is charged at most once and refunded at most once in the ledger.
  const doubled = await query<{ pledge_id: string; kind: string; n: number }>(
    `select pledge_id, case when kind like '%refund%' then 'refund' else 'charge' end as kind, count(*)::int as n
       from ledger_transactions where pledge_id is not null and (kind in ('pledge_charge', 'match_charge', 'match_top_up', 'funding_charge') or kind like '%refund%')
      group by 1, 2 having count(*) > 1`,
  );
  expect(doubled).toEqual([]);

  // A charged pledge's provider charge is the one the ledger names, with no attempt left in flight.
  const unsettled = await query<{ id: string }>(`select p.id from pledges p where p.status in ('charged', 'refunded') and p.attempt_started_at is not null`);
  expect(unsettled).toEqual([]);

  // A month of a monthly gift is booked once, and a charged month names the provider's charge the ledger names.
  const unpaidBooked = await query<{ id: string }>(
    `select m.id from monthly_gift_charges m
      where m.status <> 'charged' and exists (select 1 from ledger_transactions t where t.idempotency_key = 'recurring:' || m.gift_id || ':' || m.period)`,
  );
  expect(unpaidBooked).toEqual([]);
  const chargedMonths = await query<{ id: string; postings: number; ref_matches: boolean }>(
    `select m.id, count(t.id)::int as postings, bool_and(t.provider_ref = m.provider_charge_ref) as ref_matches
       from monthly_gift_charges m left join ledger_transactions t on t.idempotency_key = 'recurring:' || m.gift_id || ':' || m.period
      where m.status = 'charged' group by m.id`,
  );
  expect(chargedMonths.filter((month) => month.postings !== 1 || !month.ref_matches)).toEqual([]);
}

/** Successful provider charges whose idempotency key starts with `prefix` (one pledge's attempts). */
export async function providerChargesOf(server: TestServer, prefix: string): Promise<number> {
  const [row] = await server.app.ctx.database.query<{ n: number }>(
    "select count(*)::int as n from sandbox_charges where status = 'succeeded' and idempotency_key like $1",
    [`${prefix}%`],
  );
  return row!.n;
}

/** Ledger transactions of one kind for one campaign. */
export async function postingsOf(server: TestServer, eventId: string, kind: string): Promise<number> {
  const [row] = await server.app.ctx.database.query<{ n: number }>('select count(*)::int as n from ledger_transactions where event_id = $1 and kind = $2', [
    eventId,
    kind,
  ]);
  return row!.n;
}
