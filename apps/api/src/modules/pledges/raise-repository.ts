import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pledges } from '../../db/schema.ts';
import type { PledgeRow } from './pledge-repository.ts';
import { pledgeRaises } from './tables.ts';

export type PledgeRaiseRow = typeof pledgeRaises.$inferSelect;

/** SQL of Bidding Power: the pledge's row lock, its new figures and the history of raises. */
export const raiseRepository = {
  async findPledge(db: Executor, pledgeId: string): Promise<PledgeRow | undefined> {
    const [row] = await db.select().from(pledges).where(eq(pledges.id, pledgeId)).limit(1);
    return row;
  },

  /** The pledge, locked until the raise commits: a second raise or the charge waits for this one. */
  async lockPledge(tx: Executor, pledgeId: string): Promise<PledgeRow | undefined> {
    const [row] = await tx.select().from(pledges).where(eq(pledges.id, pledgeId)).for('update').limit(1);
    return row;
  },

  async findByRequestKey(db: Executor, pledgeId: string, requestKey: string): Promise<PledgeRaiseRow | undefined> {
    const [row] = await db
      .select()
      .from(pledgeRaises)
      .where(and(eq(pledgeRaises.pledgeId, pledgeId), eq(pledgeRaises.requestKey, requestKey)))
      .limit(1);
    return row;
  },

  async setFigures(
    tx: Executor,
    pledgeId: string,
    values: Pick<PledgeRow, 'amountCents' | 'tipCents' | 'platformFeeCents' | 'coverCents' | 'coverFees'>,
  ): Promise<PledgeRow> {
    const [row] = await tx
      .update(pledges)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(pledges.id, pledgeId))
      .returning();
    return row!;
  },

  async insertRaise(tx: Executor, values: typeof pledgeRaises.$inferInsert): Promise<void> {
    await tx.insert(pledgeRaises).values(values);
  },
};
