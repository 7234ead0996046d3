import { eq, sql, type SQL } from 'drizzle-orm';
import { OPEN_LEDGER_ACCOUNTS, OPEN_LEDGER_NAMED_KINDS, type OpenLedgerAccount } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import { charities, events } from '../../db/schema.ts';
import { campaignsInPayoutOrder, recordedPayoutsInOrder } from '../ledger/index.ts';

/** Lines of one query, and where the next page of a download starts (null: none left). */
export interface OpenLedgerPage {
  rows: OpenLedgerRow[];
  next: LineKey | null;
}

/** One line of a campaign's open ledger as the database gives it: amounts in cents. */
export interface OpenLedgerRow extends Record<'pledged' | 'charged' | OpenLedgerAccount, number> {
  id: string;
  at: Date;
  kind: string;
  donor: string | null;
}

const accountColumns = (source: 'entries' | 'zero') =>
  sql.raw(
    OPEN_LEDGER_ACCOUNTS.map((account) =>
      source === 'entries' ? `coalesce(sum(e.amount_cents) filter (where e.account = '${account}'), 0) as ${account}` : `0 as ${account}`,
    ).join(', '),
  );

/** Where a download has got to: the last line sent, its instant as the database's exact text (microseconds). */
export interface LineKey {
  at: string;
  id: string;
}

/** The campaign's place among its charity's campaigns for payouts (`campaignsInPayoutOrder`), read once per download. */
export interface PayoutPosition {
  before: number;
  payable: number;
}

/** One page of a download: the lines after `after` (newest first), at most `limit`, with the payout position read once. */
export interface LinesBound {
  after: LineKey | null;
  limit: number;
  position: PayoutPosition | null;
}

/** `and (at, id) < (the last line sent)`: the keyset of the newest-first order, so each page is an index range. */
function after(bound: LinesBound | undefined, at: SQL, id: SQL): SQL {
  return bound?.after ? sql`and (${at}, ${id}) < (${bound.after.at}::timestamptz, ${bound.after.id}::uuid)` : sql``;
}

/** The campaign's transactions; for a page, only the next `limit` of them, read from the (event, created_at) index. */
function transactionsOf(eventId: string, bound: LinesBound | undefined): SQL {
  if (!bound) return sql`(select id, created_at, kind, pledge_id from ledger_transactions where event_id = ${eventId})`;
  return sql`(select id, created_at, kind, pledge_id from ledger_transactions
    where event_id = ${eventId} ${after(bound, sql`created_at`, sql`id`)}
    order by created_at desc, id desc limit ${bound.limit})`;
}

/** The same place, read once per download rather than summed again over the charity's whole ledger for every page. */
function knownPosition(eventId: string, position: PayoutPosition | null): SQL {
  if (!position) return sql`ordered as (select null::uuid as event_id, 0::bigint as payable, 0::bigint as before where false)`;
  return sql`ordered as (select ${eventId}::uuid as event_id, ${position.payable}::bigint as payable, ${position.before}::bigint as before)`;
}

/**
 * Every line of one campaign (decision 112), in cents:
 * - each ledger transaction of the campaign with its entries summed per account; one tied to a
 *   pledge adds that pledge's amount to the raised total (and its charge to "Charged") when it
 *   takes money from the card, and takes it out when it gives money back (a refund, a dispute),
 *   which is exactly when the pledge enters or leaves the page's totals;
 * - each pledge counted in the raised total but not charged yet (pending or failed), moving nothing;
 * - the campaign's share of each of its charity's payouts: payouts reach the charity's campaigns
 *   oldest first, the rule of the page's "Passed on" (`payoutsRepository.campaignPayout`).
 */
function linesOf(eventId: string, charityId: string | null, bound?: LinesBound): SQL {
  return sql`
    with moved as (
      select t.id, t.created_at as at, t.kind, t.pledge_id, ${accountColumns('entries')}
      from ${transactionsOf(eventId, bound)} t join ledger_entries e on e.transaction_id = t.id
      group by t.id, t.created_at, t.kind, t.pledge_id
    ), ${bound ? knownPosition(eventId, bound.position) : campaignsInPayoutOrder(charityId)}, ${recordedPayoutsInOrder(charityId)}, shares as (
      select p.id, p.created_at,
        greatest(0, least(p.paid_before + p.amount_cents, o.before + o.payable) - greatest(p.paid_before, o.before)) as share
      from paid p join ordered o on o.event_id = ${eventId}
      where true ${after(bound, sql`p.created_at`, sql`p.id`)}
    ), unkeyed as (
      select m.id, m.at, m.kind, m.pledge_id, 
        case when m.pledge_id is null then 0 else -sign(m.donor_card) * p.amount_cents end as pledged,
        case when m.pledge_id is null then 0 else -sign(m.donor_card) * coalesce(p.charged_cents, 0) end as charged,
        ${sql.raw(OPEN_LEDGER_ACCOUNTS.map((account) => `m.${account}`).join(', '))}
      from moved m left join pledges p on p.id = m.pledge_id
      union all
      (select p.id, p.created_at, case p.status when 'failed' then 'pledge_failed' else 'pledge_pending' end, p.id,
        p.amount_cents, 0, ${accountColumns('zero')}
      from pledges p
      where p.event_id = ${eventId} and p.status in ('pending', 'failed') and not (p.is_creator_pledge and p.status = 'pending')
        ${after(bound, sql`p.created_at`, sql`p.id`)}
      ${bound ? sql`order by p.created_at desc, p.id desc limit ${bound.limit}` : sql``})
      union all
      select s.id, s.created_at, 'payout', null, 0, 0, 0, 0, 0, 0, 0, -s.share, s.share
      from shares s where s.share > 0
    ), lines as (select *, at::text as at_key from unkeyed)`;
}

/**
 * Who a line names, as the public may see it (decision 112): only a line of money pledged or
 * given (`OPEN_LEDGER_NAMED_KINDS`) of a pledge never disputed, and then as its supporter chose.
 * A declined card, a dispute, a refund or a payout names nobody; a payout's bank reference is
 * never read. A sponsor's match shows the name the sponsor chose (`display_name`, decision 109).
 * Reads `l` (the line), `p` (its pledge) and `u` (the pledge's user).
 */
const publicDonor = sql`case
  when l.pledge_id is null or l.kind not in (${sql.join(
    OPEN_LEDGER_NAMED_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  )}) then null
  when exists (select 1 from ledger_transactions d where d.pledge_id = p.id and d.kind = 'dispute_opened') then null
  when p.anonymous then 'Anonymous'
  else coalesce(p.display_name, u.name, 'Former supporter') end`;

const num = (value: unknown) => Number(value ?? 0);

function toRow(raw: Record<string, unknown>): OpenLedgerRow {
  const row = {
    id: String(raw.id),
    at: new Date(raw.at as string | Date),
    kind: String(raw.kind),
    donor: (raw.donor as string | null) ?? null,
    pledged: num(raw.pledged),
    charged: num(raw.charged),
  } as OpenLedgerRow;
  for (const account of OPEN_LEDGER_ACCOUNTS) row[account] = num(raw[account]);
  return row;
}

/** The SQL of the open ledger: reads the ledger, pledges and payouts of one campaign, writes nothing. */
export const openLedgerRepository = {
  /**
   * Lines newest first: a page of the screen by `offset`, or the next page of a download after the
   * last line it sent (keyset: an index range whatever the campaign's size; `next` is null at the end).
   */
  async lines(db: Executor, eventId: string, charityId: string | null, page: { offset: number; limit: number } | LinesBound): Promise<OpenLedgerPage> {
    const bound = 'after' in page ? page : undefined;
    const window = 'after' in page ? sql`limit ${page.limit}` : sql`limit ${page.limit} offset ${page.offset}`;
    const result = await db.execute(sql`
      ${linesOf(eventId, charityId, bound)}
      select l.*, ${publicDonor} as donor
      from lines l left join pledges p on p.id = l.pledge_id left join users u on u.id = p.user_id
      order by l.at desc, l.id desc
      ${window}`);
    const raw = rowsOf(result);
    const last = raw.at(-1);
    return { rows: raw.map(toRow), next: last && raw.length === page.limit ? { at: String(last.at_key), id: String(last.id) } : null };
  },

  /** The campaign's place among its charity's campaigns for payouts, read once per download (null: nothing for the charity yet). */
  async payoutPosition(db: Executor, eventId: string, charityId: string | null): Promise<PayoutPosition | null> {
    const result = await db.execute(sql`with ${campaignsInPayoutOrder(charityId)} select before, payable from ordered where event_id = ${eventId}`);
    const [row] = rowsOf(result);
    return row ? { before: num(row.before), payable: num(row.payable) } : null;
  },

  /** The sums of every line, and how many there are. */
  async totals(
    db: Executor,
    eventId: string,
    charityId: string | null,
  ): Promise<{ count: number; sums: Record<'pledged' | 'charged' | OpenLedgerAccount, number> }> {
    const sums = ['pledged', 'charged', ...OPEN_LEDGER_ACCOUNTS].map((column) => `coalesce(sum(${column}), 0) as ${column}`).join(', ');
    const result = await db.execute(sql`${linesOf(eventId, charityId)} select count(*) as count, ${sql.raw(sums)} from lines`);
    const [raw = {}] = rowsOf(result);
    const row = toRow({ ...raw, id: '', at: new Date(0), kind: '' });
    return { count: num(raw.count), sums: row };
  },
};

/** The campaign an open ledger is of, with its charity's name. */
export async function findLedgerCampaign(db: Executor, eventId: string) {
  const [row] = await db
    .select({ id: events.id, name: events.name, status: events.status, ownerId: events.ownerId, charityId: events.charityId, charity: charities.name })
    .from(events)
    .leftJoin(charities, eq(charities.id, events.charityId))
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}
