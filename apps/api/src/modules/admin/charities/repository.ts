import { asc, count, desc, eq } from 'drizzle-orm';
import type { AdminCharity, AdminCharityGroup } from '@pledgeway/domain/schemas/admin';
import type { Executor } from '../../../db/client.ts';
import { charities, charityGroups, events } from '../../../db/schema.ts';
import type { CharityRow } from '../../charities/index.ts';

type GroupRow = typeof charityGroups.$inferSelect;

export function toAdminGroup(row: GroupRow): AdminCharityGroup {
  return { _id: row.id, title: row.title, position: row.position };
}

function toAdminCharity(row: CharityRow, group: GroupRow | undefined, campaignCount: number): AdminCharity {
  return {
    _id: row.id,
    name: row.name,
    group: { _id: row.groupId, title: group?.title ?? '' },
    logo: row.logo,
    link: row.link,
    description: row.description,
    hidden: row.hidden,
    position: row.position,
    campaign_count: campaignCount,
  };
}

export const adminCharitiesRepository = {
  /** Every charity, hidden ones too, with its group and how many campaigns name it (three queries). */
  async list(db: Executor): Promise<{ charities: AdminCharity[]; groups: AdminCharityGroup[] }> {
    const [groups, rows, counts] = await Promise.all([
      db.select().from(charityGroups).orderBy(asc(charityGroups.position), asc(charityGroups.title)),
      db.select().from(charities).orderBy(asc(charities.position), asc(charities.name)),
      db.select({ charityId: events.charityId, n: count() }).from(events).groupBy(events.charityId),
    ]);
    const groupById = new Map(groups.map((group) => [group.id, group]));
    const countById = new Map(counts.map((row) => [row.charityId, Number(row.n)]));
    return {
      groups: groups.map(toAdminGroup),
      charities: rows.map((row) => toAdminCharity(row, groupById.get(row.groupId), countById.get(row.id) ?? 0)),
    };
  },
  async findGroup(db: Executor, id: string): Promise<GroupRow | undefined> {
    const [row] = await db.select().from(charityGroups).where(eq(charityGroups.id, id)).limit(1);
    return row;
  },
  async insertGroup(db: Executor, title: string): Promise<GroupRow | undefined> {
    const [last] = await db.select({ position: charityGroups.position }).from(charityGroups).orderBy(desc(charityGroups.position)).limit(1);
    const [row] = await db
      .insert(charityGroups)
      .values({ title, position: (last?.position ?? 0) + 1000 })
      .onConflictDoNothing({ target: charityGroups.title })
      .returning();
    return row;
  },
  async campaignCount(db: Executor, charityId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(events).where(eq(events.charityId, charityId));
    return Number(row?.n ?? 0);
  },
  toAdminCharity,
};
