import { sql, type SQL } from 'drizzle-orm';

/*
 * The one rule for which money a charity's recorded payouts reached (docs/money.md, "Payouts"):
 * payouts are applied to the charity's campaign money oldest campaign first, and within a campaign
 * in the order its money was booked. The campaign page's "Passed on", a pledge's "passed on" in My
 * Pledges, the charity portal's "pledges this payout carried" and the open ledger's payout lines
 * all read it from here, so they agree by construction.
 *
 * Transfers to a charity's connected account and their reversals (decision 130) carry their own
 * campaign or pledge, so they stay out of the order: recorded payouts are shared out apart from them.
 */
export const CONNECT_KINDS = sql.raw(`('transfer', 'transfer_reversal')`);

/**
 * CTEs `campaign` and `ordered`: each campaign of the charity with what it holds for the charity
 * (`payable`, cents) and what the campaigns before it hold (`before`).
 */
export function campaignsInPayoutOrder(charityId: string | null): SQL {
  return sql`campaign as (
      select e.event_id, min(t.created_at) as first_at, sum(e.amount_cents) as payable
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where e.account = 'charity_payable' and e.charity_id = ${charityId} and e.event_id is not null and t.kind not in ${CONNECT_KINDS}
      group by e.event_id
    ), ordered as (
      select event_id, payable,
        coalesce(sum(payable) over (order by first_at, event_id rows between unbounded preceding and 1 preceding), 0) as before
      from campaign
    )`;
}

/**
 * CTE `paid`: the charity's recorded payouts oldest first (`id` is the payout's ledger
 * transaction), each with its amount and what the payouts before it paid (`paid_before`).
 */
export function recordedPayoutsInOrder(charityId: string | null): SQL {
  return sql`paid as (
      select t.id, t.created_at, e.amount_cents,
        coalesce(sum(e.amount_cents) over (order by t.created_at, t.id rows between unbounded preceding and 1 preceding), 0) as paid_before
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where e.account = 'charity_paid' and e.charity_id = ${charityId} and t.kind not in ${CONNECT_KINDS}
    )`;
}

/**
 * CTEs `items`, `campaign_start` and `money`: each booking of campaign money for the charities
 * `charityIds` selects (a subquery of charity ids), in payout order per charity, with what lies
 * before it (`before`): columns charity_id, event_id, pledge_id, amount_cents, before.
 */
export function campaignMoneyInPayoutOrder(charityIds: SQL): SQL {
  return sql`items as (
      select e.charity_id, e.event_id, t.pledge_id, t.id as tx_id, t.created_at, e.amount_cents
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where e.account = 'charity_payable' and e.event_id is not null and e.charity_id in (${charityIds}) and t.kind not in ${CONNECT_KINDS}
    ), campaign_start as (
      select charity_id, event_id, min(created_at) as first_at from items group by charity_id, event_id
    ), money as (
      select i.charity_id, i.event_id, i.pledge_id, i.amount_cents,
        coalesce(sum(i.amount_cents) over (partition by i.charity_id order by c.first_at, i.event_id, i.created_at, i.tx_id rows between unbounded preceding and 1 preceding), 0) as before
      from items i join campaign_start c on c.charity_id = i.charity_id and c.event_id = i.event_id
    )`;
}
