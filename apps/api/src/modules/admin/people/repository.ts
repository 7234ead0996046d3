import { eq } from 'drizzle-orm';
import type { AdminUserRow, AdminUsersQuery } from '@pledgeway/domain/schemas/admin';
import type { Database, Executor } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { containsPattern, iso, isoOrNull, num, offsetOf } from '../../../lib/raw-rows.ts';

const USER_SELECT = `
  select u.id, u.name, u.email, u.role, u.identity_status, u.disabled_at, u.created_at,
         (select count(*) from events e where e.owner_id = u.id) as campaign_count,
         (select count(*) from pledges p where p.user_id = u.id) as pledge_count
    from users u`;

function toUserRow(row: Record<string, unknown>): AdminUserRow {
  return {
    _id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    role: row.role as AdminUserRow['role'],
    identity_status: row.identity_status as AdminUserRow['identity_status'],
    disabled_at: isoOrNull(row.disabled_at),
    created_at: iso(row.created_at),
    campaign_count: num(row.campaign_count),
    pledge_count: num(row.pledge_count),
  };
}

export const adminPeopleRepository = {
  async list(database: Database, query: AdminUsersQuery): Promise<{ items: AdminUserRow[]; total: number }> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (query.q) {
      params.push(containsPattern(query.q));
      conditions.push(`(u.name ilike $1 or u.email ilike $1)`);
    }
    if (query.status === 'disabled') conditions.push('u.disabled_at is not null');
    if (query.status === 'active') conditions.push('u.disabled_at is null');
    const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
    const [rows, totals] = await Promise.all([
      database.query(`${USER_SELECT} ${where} order by u.created_at desc, u.id limit ${query.per_page} offset ${offsetOf(query.page, query.per_page)}`, params),
      database.query<{ n: unknown }>(`select count(*) as n from users u ${where}`, params),
    ]);
    return { items: rows.map(toUserRow), total: num(totals[0]?.n) };
  },
  async find(database: Database, id: string): Promise<AdminUserRow | undefined> {
    const [row] = await database.query(`${USER_SELECT} where u.id = $1`, [id]);
    return row ? toUserRow(row) : undefined;
  },
  async findForUpdate(db: Executor, id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
    return row;
  },
};
