import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pledges } from '../../db/schema.ts';

export type CreatorFundingPledge = typeof pledges.$inferSelect;
type PledgeRow = CreatorFundingPledge;
type FundingValues = Pick<
  typeof pledges.$inferInsert,
  'amountCents' | 'platformFeeCents' | 'paymentMethodId' | 'failureReason' | 'failureCode' | 'attemptStartedAt' | 'attemptFirstClaimedAt'
>;

/**
 * SQL of the creator's funding pledge (the events module's funding takes it): one pledge per
 * campaign, found by its idempotency key and locked while an attempt is reserved.
 */
export const creatorFundingRepository = {
  async lockByIdempotencyKey(tx: Executor, idempotencyKey: string): Promise<PledgeRow | undefined> {
    const [row] = await tx.select().from(pledges).where(eq(pledges.idempotencyKey, idempotencyKey)).for('update').limit(1);
    return row;
  },
  async insert(tx: Executor, eventId: string, userId: string, idempotencyKey: string, values: FundingValues): Promise<PledgeRow> {
    const [row] = await tx
      .insert(pledges)
      .values({ eventId, userId, isCreatorPledge: true, status: 'pending', idempotencyKey, ...values })
      .returning();
    return row!;
  },
  /** A new attempt on the same pledge: pending again, one more retry. */
  async retry(tx: Executor, existing: Pick<PledgeRow, 'id' | 'retryCount'>, values: FundingValues): Promise<PledgeRow> {
    const [row] = await tx
      .update(pledges)
      .set({ ...values, status: 'pending', retryCount: existing.retryCount + 1, updatedAt: new Date() })
      .where(eq(pledges.id, existing.id))
      .returning();
    return row!;
  },
  /** The pledge waits for this checkout session, unless another attempt has taken it since (false then). */
  async attachCheckoutSession(db: Executor, pledge: Pick<PledgeRow, 'id' | 'retryCount'>, sessionRef: string): Promise<boolean> {
    const [kept] = await db
      .update(pledges)
      .set({ providerChargeRef: sessionRef, updatedAt: new Date() })
      .where(and(eq(pledges.id, pledge.id), eq(pledges.status, 'pending'), eq(pledges.retryCount, pledge.retryCount)))
      .returning({ id: pledges.id });
    return Boolean(kept);
  },
  async findBySession(db: Executor, sessionRef: string): Promise<PledgeRow | undefined> {
    const [row] = await db
      .select()
      .from(pledges)
      .where(and(eq(pledges.providerChargeRef, sessionRef), eq(pledges.isCreatorPledge, true)))
      .limit(1);
    return row;
  },
  async isChargeBooked(db: Executor, chargeRef: string): Promise<boolean> {
    const [row] = await db.select({ id: pledges.id }).from(pledges).where(eq(pledges.providerChargeRef, chargeRef)).limit(1);
    return Boolean(row);
  },
};
