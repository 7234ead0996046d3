import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pledges } from '../../db/schema.ts';

/** What a release hands back, for the supporters' e-mails. */
export interface ReleasedPledge {
  id: string;
  userId: string | null;
  amountCents: number;
  tipCents: number;
  isCreatorPledge: boolean;
}

/** Pledges never charged: the ones a release lets go. */
const UNCHARGED = ['pending', 'failed'] as const;

/** SQL of the changes other modules make to pledges after they are made; every function takes the caller's transaction. */
export const pledgeStatusRepository = {
  /** Releases a campaign's never-charged pledges (into the charge run, when one releases them). */
  async releaseUncharged(tx: Executor, eventId: string, chargeRunId: string | null): Promise<ReleasedPledge[]> {
    return tx
      .update(pledges)
      .set({ status: 'released', nextReminderAt: null, updatedAt: new Date(), ...(chargeRunId ? { chargeRunId } : {}) })
      .where(and(eq(pledges.eventId, eventId), inArray(pledges.status, [...UNCHARGED])))
      .returning({
        id: pledges.id,
        userId: pledges.userId,
        amountCents: pledges.amountCents,
        tipCents: pledges.tipCents,
        isCreatorPledge: pledges.isCreatorPledge,
      });
  },
  /** Releases the never-charged pledges backing these runoff options into the charge run; returns how many. */
  async releaseForOptions(tx: Executor, eventId: string, participantIds: string[], chargeRunId: string): Promise<number> {
    if (!participantIds.length) return 0;
    const rows = await tx
      .update(pledges)
      .set({ status: 'released', nextReminderAt: null, chargeRunId, updatedAt: new Date() })
      .where(and(eq(pledges.eventId, eventId), inArray(pledges.participantId, participantIds), inArray(pledges.status, [...UNCHARGED])))
      .returning({ id: pledges.id });
    return rows.length;
  },
  /** A dispute opened on a charged pledge, or its outcome (won: charged again; lost: dispute_lost). */
  async setDisputeStatus(tx: Executor, pledgeId: string, status: 'charged' | 'disputed' | 'dispute_lost'): Promise<void> {
    await tx.update(pledges).set({ status, updatedAt: new Date() }).where(eq(pledges.id, pledgeId));
  },
  /** Pledges still to be charged move to another card of the donor's (their card was removed). */
  async moveToCard(tx: Executor, pledgeIds: string[], paymentMethodId: string): Promise<void> {
    if (!pledgeIds.length) return;
    await tx.update(pledges).set({ paymentMethodId, updatedAt: new Date() }).where(inArray(pledges.id, pledgeIds));
  },
};
