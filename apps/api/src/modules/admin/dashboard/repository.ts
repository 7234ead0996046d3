import { EventStatusSchema } from '@pledgeway/domain';
import type { AdminDashboard } from '@pledgeway/domain/schemas/admin';
import type { Database } from '../../../db/client.ts';
import { dollars, isoOrNull, num } from '../../../lib/raw-rows.ts';

const SERIES_DAYS = 30;

/** Figures at a glance: counts from the campaigns, money from the pledges and the ledger. */
export async function loadDashboard(database: Database): Promise<Omit<AdminDashboard, 'monthly_giving'>> {
  const [statusRows, pendingRows, pledgeRows, ledgerRows, seriesRows] = await Promise.all([
    database.query<{ status: string; n: unknown }>('select status, count(*) as n from events group by status'),
    database.query<{ n: unknown; oldest: unknown }>(`select count(*) as n, min(updated_at) as oldest from events where status = 'pending'`),
    database.query<{ pledged: unknown; charged: unknown; failed_sum: unknown; failed_count: unknown }>(
      `select coalesce(sum(amount_cents) filter (where status in ('pending', 'charged', 'failed')), 0) as pledged,
              coalesce(sum(charged_cents) filter (where status = 'charged'), 0) as charged,
              coalesce(sum(amount_cents) filter (where status = 'failed'), 0) as failed_sum,
              count(*) filter (where status = 'failed') as failed_count
         from pledges`,
    ),
    // Balances of the platform's revenue accounts and of what is owed to charities (their sign is the posting convention's; the size is the figure).
    database.query<{ account: string; balance: unknown }>(
      `select account, abs(coalesce(sum(amount_cents), 0)) as balance
         from ledger_entries
        where account in ('platform_fee_revenue', 'tips_revenue', 'charity_payable')
        group by account`,
    ),
    database.query<{ day: string; pledged: unknown; charged: unknown }>(
      `with days as (
         select (generate_series(0, $1 - 1) * -1 + (now() at time zone 'utc')::date)::date as day
       ),
       pledged as (
         select (created_at at time zone 'utc')::date as day, sum(amount_cents) as cents
           from pledges where created_at >= now() - make_interval(days => $1 + 1) and status <> 'dropped' group by 1
       ),
       charged as (
         select (charged_at at time zone 'utc')::date as day, sum(charged_cents) as cents
           from pledges where charged_at >= now() - make_interval(days => $1 + 1) and status = 'charged' group by 1
       )
       select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(pledged.cents, 0) as pledged, coalesce(charged.cents, 0) as charged
         from days left join pledged on pledged.day = days.day left join charged on charged.day = days.day
        order by days.day`,
      [SERIES_DAYS],
    ),
  ]);
  const byStatus = Object.fromEntries(EventStatusSchema.options.map((status) => [status, 0])) as AdminDashboard['campaigns_by_status'];
  for (const row of statusRows) byStatus[row.status as keyof typeof byStatus] = num(row.n);
  const ledger = new Map(ledgerRows.map((row) => [row.account, row.balance]));
  const money = pledgeRows[0]!;
  return {
    campaigns_by_status: byStatus,
    pending_reviews: { count: num(pendingRows[0]?.n), oldest_waiting_since: isoOrNull(pendingRows[0]?.oldest) },
    money: {
      pledged: dollars(money.pledged),
      charged: dollars(money.charged),
      platform_fees: dollars(ledger.get('platform_fee_revenue')),
      tips: dollars(ledger.get('tips_revenue')),
      payable_to_charities: dollars(ledger.get('charity_payable')),
      failed_charges: dollars(money.failed_sum),
      failed_count: num(money.failed_count),
    },
    series: seriesRows.map((row) => ({ date: row.day, pledged: dollars(row.pledged), charged: dollars(row.charged) })),
  };
}
