import type { AdminAuditEntry, AdminAuditQuery } from '@pledgeway/domain/schemas/admin';
import type { Database } from '../../../db/client.ts';
import { containsPattern, iso, num, offsetOf } from '../../../lib/raw-rows.ts';

function toEntry(row: Record<string, unknown>): AdminAuditEntry {
  return {
    id: num(row.id),
    actor_id: row.actor_id === null ? null : String(row.actor_id),
    actor_email: String(row.actor_email),
    action: String(row.action),
    target_type: String(row.target_type),
    target_id: String(row.target_id),
    reason: String(row.reason),
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: iso(row.created_at),
  };
}

/** Filters: action prefix (`event.` finds every campaign action), actor e-mail or id, target id or type, UTC dates inclusive. */
export async function listAudit(database: Database, query: Omit<AdminAuditQuery, 'page' | 'per_page'>, paging: { page: number; perPage: number } | null) {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (query.action) add((p) => `action like ${p}`, `${query.action.replace(/[\\%_]/g, (match) => `\\${match}`)}%`);
  if (query.actor) add((p) => `(actor_email ilike ${p} or actor_id::text = ${p})`, query.actor.includes('@') ? containsPattern(query.actor) : query.actor);
  if (query.target) add((p) => `(target_id = ${p} or target_type = ${p})`, query.target);
  if (query.from) add((p) => `created_at >= ${p}::date`, query.from);
  if (query.to) add((p) => `created_at < ${p}::date + 1`, query.to);
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const limit = paging ? `limit ${paging.perPage} offset ${offsetOf(paging.page, paging.perPage)}` : 'limit 50000';
  const [rows, totals] = await Promise.all([
    database.query(`select * from audit_log ${where} order by id desc ${limit}`, params),
    database.query<{ n: unknown }>(`select count(*) as n from audit_log ${where}`, params),
  ]);
  return { items: rows.map(toEntry), total: num(totals[0]?.n) };
}
