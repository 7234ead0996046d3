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
