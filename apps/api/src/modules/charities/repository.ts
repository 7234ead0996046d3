import { asc, eq } from 'drizzle-orm';
import { centsToDollars } from '@pledgeway/domain';
import type { CharityGroupResponse } from '@pledgeway/domain/schemas/public';
import type { Executor } from '../../db/client.ts';
import { charities, charityGroups } from '../../db/schema.ts';

/**
 * Groups in their configured order, each with its visible charities in order (two queries, no N+1)
 * and what each has received (`paidCents`, from the payouts); hidden charities and empty groups are left out.
 */
export async function listCharityGroups(db: Executor, paidCents: Map<string, number>): Promise<CharityGroupResponse[]> {
  const [groups, rows] = await Promise.all([
    db.select().from(charityGroups).orderBy(asc(charityGroups.position), asc(charityGroups.title)),
    db.select().from(charities).where(eq(charities.hidden, false)).orderBy(asc(charities.position), asc(charities.name)),
  ]);
  return groups
    .map((group) => ({
      _id: group.id,
      title: group.title,
      charities: rows
        .filter((charity) => charity.groupId === group.id)
        .map((charity) => ({
          _id: charity.id,
          name: charity.name,
          logo: charity.logo,
          link: charity.link,
          description: charity.description,
          passed_on: centsToDollars(paidCents.get(charity.id) ?? 0),
        })),
    }))
    .filter((group) => group.charities.length > 0);
}

export type CharityRow = typeof charities.$inferSelect;

/**
 * One charity's row, for the modules that change it: the admins add, edit and hide it, and the charity
 * portal saves a representative's approved profile (decision 135). Both lock it first.
 */
export const charityRecords = {
  async find(db: Executor, id: string): Promise<CharityRow | undefined> {
    const [row] = await db.select().from(charities).where(eq(charities.id, id)).limit(1);
    return row;
  },
  async findForUpdate(db: Executor, id: string): Promise<CharityRow | undefined> {
    const [row] = await db.select().from(charities).where(eq(charities.id, id)).for('update').limit(1);
    return row;
  },
  async insert(db: Executor, values: typeof charities.$inferInsert): Promise<CharityRow> {
    const [row] = await db.insert(charities).values(values).returning();
    return row!;
  },
  async update(db: Executor, id: string, values: Partial<typeof charities.$inferInsert>): Promise<CharityRow> {
    const [row] = await db.update(charities).set(values).where(eq(charities.id, id)).returning();
    return row!;
  },
};
