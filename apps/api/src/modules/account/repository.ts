import { and, eq, exists, inArray, isNotNull, isNull, not, or } from 'drizzle-orm';
import { DELETABLE_EVENT_STATUSES } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { events, passwordResetTokens, paymentMethods, pledges, refreshTokens, users } from '../../db/schema.ts';
import { hasMoneyTrail } from '../ledger/repository.ts';

/** Campaigns that went live: they keep the account open until 3 months after they close. */
export const LAUNCHED_STATUSES = ['approved', 'freeze', 'completed', 'close'] as const;
/** Launched campaigns still running: the closure date cannot be known yet. */
export const LIVE_STATUSES = ['approved', 'freeze'] as const;
/** A donor's pledges that still wait for their campaign to finish. */
export const OUTSTANDING_PLEDGE_STATUSES = ['pending', 'failed'] as const;

export const accountRepository = {
  ownedEvents(db: Executor, userId: string) {
    return db.select().from(events).where(eq(events.ownerId, userId));
  },
  /**
   * The user's pledges still waiting for a campaign to finish. The creator's own funding pledge on
   * one of their not-yet-approved campaigns is not one: that campaign is deleted with the account
   * and its funding refunded as for any delete.
   */
  async outstandingPledgeCount(db: Executor, userId: string): Promise<number> {
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
  async markClosureRequested(db: Executor, userId: string, scheduledAt: Date | null): Promise<void> {
    await db.update(users).set({ closureRequestedAt: new Date(), closureScheduledAt: scheduledAt, updatedAt: new Date() }).where(eq(users.id, userId));
  },
  async setScheduledAt(db: Executor, userId: string, scheduledAt: Date | null): Promise<void> {
    await db.update(users).set({ closureScheduledAt: scheduledAt }).where(eq(users.id, userId));
  },
  async cancelClosure(db: Executor, userId: string): Promise<void> {
    await db.update(users).set({ closureRequestedAt: null, closureScheduledAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
  },
  /** Users who asked to close (or whose closure date is set): the sweep's work list. */
  usersAwaitingClosure(db: Executor) {
    return db
      .select({ id: users.id })
      .from(users)
      .where(or(isNotNull(users.closureRequestedAt), isNotNull(users.closureScheduledAt)));
  },
  /** Unlaunched campaigns without any money trail are removed with the account. */
  async deleteUnlaunchedEvents(db: Executor, userId: string): Promise<void> {
    await db
      .delete(events)
      .where(and(eq(events.ownerId, userId), inArray(events.status, ['pending', 'rejected', 'cancelled']), not(hasMoneyTrail(db, events.id))));
  },
  /** Pledges keep an anonymised reference (DESIGN.md section 4): the donor link is cut. */
  async anonymisePledges(db: Executor, userId: string): Promise<void> {
    await db.update(pledges).set({ userId: null, updatedAt: new Date() }).where(eq(pledges.userId, userId));
  },
  activePaymentMethods(db: Executor, userId: string) {
    return db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)));
  },
  async releasePaymentMethods(db: Executor, userId: string): Promise<void> {
    await db.update(paymentMethods).set({ userId: null, removedAt: new Date(), isDefault: false }).where(eq(paymentMethods.userId, userId));
  },
  async deleteSessions(db: Executor, userId: string): Promise<void> {
    await db.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  },
  async deleteUser(db: Executor, userId: string): Promise<void> {
    await db.delete(users).where(eq(users.id, userId));
  },
  /** When a kept campaign still names the user as owner, the row stays with no personal data. */
  async anonymiseUser(db: Executor, userId: string, passwordHash: string): Promise<void> {
    await db
      .update(users)
      .set({
        name: 'Deleted user',
        email: `deleted-${userId}@deleted.invalid`,
        passwordHash,
        occupation: '',
        companyName: '',
        description: '',
        image: '',
        closureRequestedAt: null,
        closureScheduledAt: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  },
};
