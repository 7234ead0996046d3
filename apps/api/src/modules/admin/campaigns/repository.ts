import {
  FAILED_PLEDGE_WINDOW_DAYS,
  type AdminCampaignRow,
  type AdminCampaignsQuery,
  type AdminChargeQueueRow,
  type AdminPledgeRow,
  type AdminReviewQueueItem,
} from '@pledgeway/domain/schemas/admin';
import type { Database } from '../../../db/client.ts';
import { containsPattern, dollars, dollarsOrNull, iso, isoOrNull, num, offsetOf } from '../../../lib/raw-rows.ts';

/** Pledges that still count (docs/product.md#progress-and-days-left: pending, charged, failed within its window). */
const VALID_PLEDGE = `status in ('pending', 'charged', 'failed')`;

const SORT_COLUMNS: Record<AdminCampaignsQuery['sort'], string> = {
  created_at: 'e.created_at',
  updated_at: 'e.updated_at',
  name: 'lower(e.name)',
  target: 'e.target_cents',
  pledged: 'pledged_cents',
  status: 'e.status',
};

const CAMPAIGN_SELECT = `
  select e.id, e.name, e.kind, e.status, e.funding_model, e.target_cents, e.created_at, e.updated_at,
         c.id as charity_id, c.name as charity_name, u.id as owner_id, u.name as owner_name, u.email as owner_email,
         coalesce(t.pledged_cents, 0) as pledged_cents, coalesce(t.pledge_count, 0) as pledge_count
    from events e
    join users u on u.id = e.owner_id
    left join charities c on c.id = e.charity_id
    left join lateral (
      select sum(amount_cents) as pledged_cents, count(*) as pledge_count from pledges p where p.event_id = e.id and p.${VALID_PLEDGE}
    ) t on true`;

type CampaignSqlRow = Record<string, unknown>;

function toCampaignRow(row: CampaignSqlRow): AdminCampaignRow {
  return {
    _id: String(row.id),
    name: String(row.name),
    kind: row.kind as AdminCampaignRow['kind'],
    status: row.status as AdminCampaignRow['status'],
    funding_model: row.funding_model as AdminCampaignRow['funding_model'],
    target_amount: dollars(row.target_cents),
    pledged_amount: dollars(row.pledged_cents),
    pledge_count: num(row.pledge_count),
    charity: row.charity_id ? { _id: String(row.charity_id), name: String(row.charity_name) } : null,
    owner: { _id: String(row.owner_id), name: String(row.owner_name), email: String(row.owner_email) },
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const PLEDGE_SELECT = `
  select p.id, p.event_id, e.name as event_name, p.user_id, u.name as donor_name, u.email as donor_email,
         p.amount_cents, p.tip_cents, p.charged_cents, p.status, p.failure_reason, p.failed_at,
         p.is_creator_pledge, p.anonymous, p.created_at, p.charged_at
    from pledges p
    join events e on e.id = p.event_id
    left join users u on u.id = p.user_id`;

export function toPledgeRow(row: CampaignSqlRow): AdminPledgeRow {
  const failedAt = isoOrNull(row.failed_at);
  return {
    _id: String(row.id),
    event: { _id: String(row.event_id), name: String(row.event_name) },
    donor: row.user_id ? { _id: String(row.user_id), name: String(row.donor_name), email: String(row.donor_email) } : null,
    amount: dollars(row.amount_cents),
    tip: dollars(row.tip_cents),
    charged_amount: dollarsOrNull(row.charged_cents),
    status: row.status as AdminPledgeRow['status'],
    failure_reason: row.failure_reason === null ? null : String(row.failure_reason),
    failed_at: failedAt,
    window_ends_at: failedAt ? new Date(Date.parse(failedAt) + FAILED_PLEDGE_WINDOW_DAYS * 86_400_000).toISOString() : null,
    is_creator_pledge: Boolean(row.is_creator_pledge),
    anonymous: Boolean(row.anonymous),
    created_at: iso(row.created_at),
    charged_at: isoOrNull(row.charged_at),
  };
}

export const adminCampaignsRepository = {
  async list(database: Database, query: AdminCampaignsQuery): Promise<{ items: AdminCampaignRow[]; total: number }> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const add = (condition: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      conditions.push(condition(`$${params.length}`));
    };
    if (query.q) add((p) => `(e.name ilike ${p} or u.name ilike ${p} or u.email ilike ${p})`, containsPattern(query.q));
    if (query.kind) add((p) => `e.kind = ${p}`, query.kind);
    if (query.status) add((p) => `e.status = ${p}`, query.status);
    if (query.charity_id) add((p) => `e.charity_id = ${p}`, query.charity_id);
    const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
    const order = `${SORT_COLUMNS[query.sort]} ${query.order === 'asc' ? 'asc' : 'desc'}, e.id`;
    const [rows, totals] = await Promise.all([
      database.query(`${CAMPAIGN_SELECT} ${where} order by ${order} limit ${query.per_page} offset ${offsetOf(query.page, query.per_page)}`, params),
      database.query<{ n: unknown }>(`select count(*) as n from events e join users u on u.id = e.owner_id ${where}`, params),
    ]);
    return { items: rows.map(toCampaignRow), total: num(totals[0]?.n) };
  },

  async listByOwner(database: Database, ownerId: string): Promise<AdminCampaignRow[]> {
    const rows = await database.query(`${CAMPAIGN_SELECT} where e.owner_id = $1 order by e.created_at desc limit 200`, [ownerId]);
    return rows.map(toCampaignRow);
  },

  async pledgesOfEvent(database: Database, eventId: string): Promise<AdminPledgeRow[]> {
    const rows = await database.query(`${PLEDGE_SELECT} where p.event_id = $1 order by p.created_at desc limit 1000`, [eventId]);
    return rows.map(toPledgeRow);
  },

  async pledgesOfUser(database: Database, userId: string): Promise<AdminPledgeRow[]> {
    const rows = await database.query(`${PLEDGE_SELECT} where p.user_id = $1 order by p.created_at desc limit 200`, [userId]);
    return rows.map(toPledgeRow);
  },

  async failedPledges(database: Database): Promise<AdminPledgeRow[]> {
    const rows = await database.query(`${PLEDGE_SELECT} where p.status = 'failed' order by p.failed_at asc nulls last limit 500`);
    return rows.map(toPledgeRow);
  },

  /** Pending campaigns, the longest waiting first (the last change of a pending campaign is its submission or resubmission). */
  async reviewQueue(database: Database): Promise<AdminReviewQueueItem[]> {
    const rows = await database.query<Record<string, unknown>>(
      `select e.id, e.name, e.kind, e.updated_at, u.name as owner_name
         from events e join users u on u.id = e.owner_id
        where e.status = 'pending' order by e.updated_at asc, e.id limit 500`,
    );
    return rows.map((row) => ({
      _id: String(row.id),
      name: String(row.name),
      kind: row.kind as AdminReviewQueueItem['kind'],
      owner_name: String(row.owner_name),
      waiting_since: iso(row.updated_at),
    }));
  },

  async fundingPledge(database: Database, eventId: string) {
    const [row] = await database.query<Record<string, unknown>>(
      `select id, amount_cents, status, charged_cents, failure_reason, created_at from pledges
        where event_id = $1 and is_creator_pledge order by created_at desc limit 1`,
      [eventId],
    );
    if (!row) return null;
    return {
      _id: String(row.id),
      amount: dollars(row.amount_cents),
      status: row.status as AdminPledgeRow['status'],
      charged_amount: dollarsOrNull(row.charged_cents),
      failure_reason: row.failure_reason === null ? null : String(row.failure_reason),
      created_at: iso(row.created_at),
    };
  },

  /** Completed campaigns whose pledges have not all been charged yet; what the run will charge is `chargeFigures`' (the service adds it). */
  async chargeQueue(database: Database): Promise<Omit<AdminChargeQueueRow, 'charge'>[]> {
    const rows = await database.query<Record<string, unknown>>(
      `select e.id, e.name, e.kind, e.funding_model, e.target_cents, e.completed_at, cr.id as run_id, cr.status as run_status, cr.trigger as run_trigger,
              exists (select 1 from charge_holds h where h.event_id = e.id) as held,
              coalesce(t.counted_cents, 0) as counted_cents
         from events e
         left join charge_runs cr on cr.event_id = e.id
         left join lateral (
           -- counted_cents: what the run compares with an all-or-nothing target (countedTotalCents), the funding included.
           select sum(amount_cents) filter (where p.status in ('pending', 'charged', 'failed')) as counted_cents
             from pledges p where p.event_id = e.id
         ) t on true
        where e.status = 'completed' and (cr.id is null or cr.status in ('held', 'running'))
        order by e.completed_at asc nulls last, e.id
        limit 500`,
    );
    return rows.map((row) => ({
      _id: String(row.id),
      name: String(row.name),
      funding_model: row.funding_model as AdminChargeQueueRow['funding_model'],
      target_amount: dollars(row.target_cents),
      completed_at: isoOrNull(row.completed_at),
      counted_amount: dollars(row.counted_cents),
      charge_run_id: row.run_id ? String(row.run_id) : null,
      charge_run_status: row.run_status ? (row.run_status as AdminChargeQueueRow['charge_run_status']) : null,
      charged_at_deadline: row.run_trigger === 'deadline',
      kind: row.kind as AdminChargeQueueRow['kind'],
      held: row.held === true || row.held === 't',
    }));
  },
};
