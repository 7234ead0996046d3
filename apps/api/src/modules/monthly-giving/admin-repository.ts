import type { Database } from '../../db/client.ts';
import { monthlyGiftKeySql } from '../ledger/index.ts';

const num = (value: unknown) => Number(value ?? 0);
type CharityCents = { charity_id: string; charity_name: string; cents: unknown };

/**
 * The admin console's reads of monthly giving for one period ("YYYY-MM"): each figure from the rows
 * that make it (the months opened, the gifts, the ledger's `monthly_gift` postings), in cents.
 */
export const monthlyGivingAdminRepository = {
  /** Gifts running and paused per charity, and what the running ones pay each month (gift + tip). */
  giftsPerCharity(database: Database) {
    return database.query<{ charity_id: string; charity_name: string; active: unknown; paused: unknown; recurring: unknown }>(
      `select g.charity_id, c.name as charity_name,
              count(*) filter (where g.status = 'active') as active,
              count(*) filter (where g.status = 'paused') as paused,
              coalesce(sum(g.amount_cents + g.tip_cents) filter (where g.status = 'active'), 0) as recurring
         from monthly_gifts g join charities c on c.id = g.charity_id
        where g.status in ('active', 'paused')
        group by g.charity_id, c.name`,
    );
  },

  /**
   * What the cards are expected to pay this period per charity: the months opened and not cancelled
   * (a declined first charge, which started no gift, is no month expected), and the gifts not yet
   * opened whose next charge falls in the period.
   */
  expectedPerCharity(database: Database, period: string) {
    return database.query<CharityCents>(
      `select charity_id, charity_name, sum(cents) as cents from (
         select g.charity_id, c.name as charity_name, m.amount_cents + m.tip_cents as cents
           from monthly_gift_charges m
           join monthly_gifts g on g.id = m.gift_id
           join charities c on c.id = g.charity_id
          where m.period = $1 and m.status <> 'cancelled'
            and not (m.status = 'abandoned' and g.status = 'cancelled'
                     and not exists (select 1 from monthly_gift_charges other where other.gift_id = g.id and other.status = 'charged'))
         union all
         select g.charity_id, c.name, g.amount_cents + g.tip_cents
           from monthly_gifts g join charities c on c.id = g.charity_id
          where g.status in ('active', 'paused') and g.next_period = $1
       ) expected group by charity_id, charity_name`,
      [period],
    );
  },

  /** What the cards paid this period per charity, as the ledger booked it (one posting per gift and period). */
  collectedPerCharity(database: Database, period: string) {
    return database.query<CharityCents>(
      `select g.charity_id, c.name as charity_name, -sum(e.amount_cents) as cents
         from ledger_transactions t
         join ledger_entries e on e.transaction_id = t.id and e.account = 'donor_card'
         join monthly_gifts g on t.idempotency_key = ${monthlyGiftKeySql('g.id', '$1')}
         join charities c on c.id = g.charity_id
        where t.kind = 'monthly_gift'
        group by g.charity_id, c.name`,
      [period],
    );
  },

  /**
   * Gifts whose charges fail: a declined month waiting for its retry, a month waiting for the bank's
   * confirmation (both on a running gift), and gifts paused after their last retry (with that month).
   */
  async failing(database: Database) {
    const rows = await database.query<{
      gift_id: string;
      charity_id: string;
      charity_name: string;
      user_id: string;
      name: string;
      email: string;
      gift_status: string;
      charge_status: string;
      period: string;
      cents: unknown;
      failure_message: string | null;
      next_retry_at: Date | string | null;
      attempt: unknown;
    }>(
      `select distinct on (g.id) g.id as gift_id, g.charity_id, c.name as charity_name, u.id as user_id, u.name, u.email,
              g.status as gift_status, m.status as charge_status, m.period, m.amount_cents + m.tip_cents as cents,
              m.failure_message, m.next_retry_at, m.attempt
         from monthly_gifts g
         join monthly_gift_charges m on m.gift_id = g.id
         join charities c on c.id = g.charity_id
         join users u on u.id = g.user_id
        where (g.status = 'active' and m.status in ('failed', 'action_required'))
           or (g.status = 'payment_failed' and m.status = 'abandoned')
        order by g.id, m.period desc`,
    );
    return rows.map((row) => ({
      ...row,
      cents: num(row.cents),
      attempt: num(row.attempt),
      next_retry_at: row.next_retry_at ? new Date(row.next_retry_at).toISOString() : null,
    }));
  },
};
