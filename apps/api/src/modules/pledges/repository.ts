import { and, count, desc, eq, exists, inArray, not } from 'drizzle-orm';
import { DELETABLE_EVENT_STATUSES } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { charities, events, pledges } from '../../db/schema.ts';
import type { CampaignRow } from '../event-records/index.ts';

export type PledgeRow = typeof pledges.$inferSelect;

/** A donor's pledges that still wait for their campaign to finish. */
const OUTSTANDING_PLEDGE_STATUSES = ['pending', 'failed'] as const;

export const myPledgesRepository = {
  /** Changes whom the user's own pledge shares their e-mail with; undefined when it is not theirs. */
  async setEmailSharing(db: Executor, userId: string, pledgeId: string, changes: { shareEmailWithHost?: boolean; shareEmailWithCharity?: boolean }) {
    const [row] = await db
      .update(pledges)
      .set(changes)
      .where(and(eq(pledges.id, pledgeId), eq(pledges.userId, userId)))
      .returning({ id: pledges.id, shareEmailWithHost: pledges.shareEmailWithHost, shareEmailWithCharity: pledges.shareEmailWithCharity });
    return row;
  },
  /** The user's pledges, newest first, each with its campaign and the campaign's charity. */
  listForUser(db: Executor, userId: string): Promise<Array<{ pledge: PledgeRow; event: CampaignRow; charityName: string | null }>> {
    return db
      .select({ pledge: pledges, event: events, charityName: charities.name })
      .from(pledges)
      .innerJoin(events, eq(events.id, pledges.eventId))
      .leftJoin(charities, eq(charities.id, events.charityId))
      .where(eq(pledges.userId, userId))
      .orderBy(desc(pledges.createdAt));
  },
  /**
   * The donor's pledges still waiting for a campaign to finish. The creator's own funding pledge on
   * one of their not-yet-approved campaigns is not one: that campaign is deleted with the account
   * and its funding refunded as for any delete.
   */
  async outstandingCountForDonor(db: Executor, userId: string): Promise<number> {
    const fundingOfDeletableOwnCampaign = and(
      eq(pledges.isCreatorPledge, true),
      exists(
        db
          .select({ one: events.id })
          .from(events)
          .where(and(eq(events.id, pledges.eventId), eq(events.ownerId, userId), inArray(events.status, [...DELETABLE_EVENT_STATUSES]))),
      ),
    );
    const rows = await db
      .select({ id: pledges.id })
      .from(pledges)
      .where(and(eq(pledges.userId, userId), inArray(pledges.status, [...OUTSTANDING_PLEDGE_STATUSES]), not(fundingOfDeletableOwnCampaign!)));
    return rows.length;
  },
  async countForParticipant(db: Executor, participantId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(pledges).where(eq(pledges.participantId, participantId));
    return Number(row?.n ?? 0);
  },
  /** Pledges keep an anonymised reference (docs/product.md#closing-an-account): the donor link is cut. */
  /** The supporter's pledges to the campaign stop asking for update e-mails (an unsubscribe, decision 192). */
  async stopUpdateEmails(db: Executor, userId: string, eventId: string): Promise<void> {
    await db
      .update(pledges)
      .set({ notifyUpdates: false })
      .where(and(eq(pledges.userId, userId), eq(pledges.eventId, eventId), eq(pledges.notifyUpdates, true)));
  },

  async anonymiseDonor(db: Executor, userId: string): Promise<void> {
    await db.update(pledges).set({ userId: null, updatedAt: new Date() }).where(eq(pledges.userId, userId));
  },
};
