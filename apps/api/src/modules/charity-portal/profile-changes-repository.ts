import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { charityProfileChanges } from './tables.ts';

export type { ProposedProfile } from './tables.ts';

export type ChangeRow = typeof charityProfileChanges.$inferSelect;

const withProposer = (db: Executor) =>
  db
    .select({ change: charityProfileChanges, proposerName: users.name })
    .from(charityProfileChanges)
    .leftJoin(users, eq(users.id, charityProfileChanges.proposedBy));

/** The SQL of held profile edits (decision 176): one pending change per charity (a partial unique index). */
export const profileChangesRepository = {
  async pendingOf(db: Executor, charityId: string) {
    const [row] = await withProposer(db)
      .where(and(eq(charityProfileChanges.charityId, charityId), eq(charityProfileChanges.status, 'pending')))
      .limit(1);
    return row;
  },

  allPending: (db: Executor) => withProposer(db).where(eq(charityProfileChanges.status, 'pending')).orderBy(asc(charityProfileChanges.createdAt)),

  async byId(db: Executor, id: string): Promise<ChangeRow | undefined> {
    const [row] = await db.select().from(charityProfileChanges).where(eq(charityProfileChanges.id, id)).limit(1);
    return row;
  },

  /** A newer edit supersedes the pending one (called under the charity's row lock). */
  async replacePending(tx: Executor, values: typeof charityProfileChanges.$inferInsert): Promise<ChangeRow> {
    await tx
      .update(charityProfileChanges)
      .set({ status: 'superseded' })
      .where(and(eq(charityProfileChanges.charityId, values.charityId), eq(charityProfileChanges.status, 'pending')));
    const [row] = await tx.insert(charityProfileChanges).values(values).returning();
    return row!;
  },

  /** Decides a change still pending, once: undefined when it was decided or superseded already. */
  async decide(tx: Executor, id: string, values: Pick<ChangeRow, 'status' | 'decidedBy' | 'decidedAt' | 'reason'>): Promise<ChangeRow | undefined> {
    const [row] = await tx
      .update(charityProfileChanges)
      .set(values)
      .where(and(eq(charityProfileChanges.id, id), eq(charityProfileChanges.status, 'pending')))
      .returning();
    return row;
  },
};
