import { randomBytes } from 'node:crypto';
import { utc } from '@date-fns/utc';
import { addMonths as addCalendarMonths } from 'date-fns';
import { canDeleteEvent, CLOSURE_DELAY_MONTHS, type AccountClosureStatus, type CloseAccountRequest } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { verifyPassword, refreshTokenStore } from '../auth/index.ts';
import { eventRecords } from '../event-records/index.ts';
import { createMyEventsService } from '../my-events/index.ts';
import { deletePasswordResetTokensOf } from '../password-reset/index.ts';
import { paymentMethodRecords } from '../payment-methods/index.ts';
import { myPledgesRepository } from '../pledges/index.ts';
import { usersService } from '../users/index.ts';

/** Campaigns that went live: they keep the account open until 3 months after they close. */
const LAUNCHED_STATUSES: readonly string[] = ['approved', 'freeze', 'completed', 'close'];
/** Launched campaigns still running: the closure date cannot be known yet. */
const LIVE_STATUSES: readonly string[] = ['approved', 'freeze'];

export const ACCOUNT_MESSAGES = {
  deleted: 'Your account has been closed and your personal data deleted.',
  scheduled: 'Your account will close on the date shown. Until then you can still sign in to finish your campaigns.',
  pending: 'Your account will close once your campaigns and pledges are finished.',
  wrongPassword: 'Password is incorrect',
  cancelled: 'Your account will stay open.',
} as const;

/** Calendar months in UTC; a day the target month lacks becomes its last day (30 Nov + 3 months = 28 Feb). */
export function addMonths(date: Date, months: number): Date {
  return new Date(addCalendarMonths(date, months, { in: utc }).getTime());
}

/** When a kept campaign still names the user as owner, the row stays with no personal data and no usable password. */
function anonymisedUser(userId: string) {
  return {
    name: 'Deleted user',
    email: `deleted-${userId}@deleted.invalid`,
    passwordHash: `disabled:${randomBytes(16).toString('hex')}`,
    occupation: '',
    companyName: '',
    description: '',
    image: '',
    closureRequestedAt: null,
    closureScheduledAt: null,
  };
}

export function createAccountService(ctx: AppContext) {
  const { db } = ctx;
  const myEvents = createMyEventsService(ctx);

  /** What closing the account means right now (docs/product.md#closing-an-account). */
  async function plan(userId: string): Promise<AccountClosureStatus> {
    const [owned, pendingPledges] = await Promise.all([eventRecords.ownedBy(db, userId), myPledgesRepository.outstandingCountForDonor(db, userId)]);
    const launched = owned.filter((event) => LAUNCHED_STATUSES.includes(event.status));
    const live = launched.filter((event) => LIVE_STATUSES.includes(event.status));
    const summary = launched.map((event) => ({ _id: event.id, name: event.name, status: event.status }));
    if (!launched.length && !pendingPledges) return { outcome: 'immediate', scheduled_at: null, launched_campaigns: [], pending_pledges: 0 };
    if (live.length || pendingPledges)
      return { outcome: 'pending_campaigns', scheduled_at: null, launched_campaigns: summary, pending_pledges: pendingPledges };
    const lastClosed = Math.max(...launched.map((event) => (event.endedAt ?? event.updatedAt).getTime()));
    return {
      outcome: 'scheduled',
      scheduled_at: addMonths(new Date(lastClosed), CLOSURE_DELAY_MONTHS).toISOString(),
      launched_campaigns: summary,
      pending_pledges: 0,
    };
  }

  /** Erases the account: deletes the row, or anonymises it when a kept campaign still refers to it. */
  async function deleteAccount(userId: string): Promise<void> {
    // Campaigns not yet approved go exactly as DELETE /api/events/:id removes them (funding refunded, pledges released).
    for (const event of await eventRecords.ownedBy(db, userId)) {
      if (canDeleteEvent(event.status)) await myEvents.delete({ userId, role: 'user', sessionId: '' }, event.id);
    }
    const cards = await paymentMethodRecords.listActive(db, userId);
    await db.transaction(async (tx) => {
      await eventRecords.deleteUnlaunchedWithoutMoneyTrail(tx, userId);
      await myPledgesRepository.anonymiseDonor(tx, userId);
      await paymentMethodRecords.releaseAllOf(tx, userId);
      await refreshTokenStore.deleteAllForUser(tx, userId);
      await deletePasswordResetTokensOf(tx, userId);
      const stillOwns = (await eventRecords.ownedBy(tx, userId)).length > 0;
      if (stillOwns) await usersService.update(tx, userId, anonymisedUser(userId));
      else await usersService.delete(tx, userId);
    });
    // The provider forgets the cards too (best effort: the app no longer links them to anyone).
    for (const card of cards) {
      await ctx.payments.detachCard({ customerRef: card.providerCustomerRef, methodRef: card.providerMethodRef }).catch(() => undefined);
    }
  }

  return {
    plan,
    deleteAccount,

    async status(userId: string) {
      const user = await usersService.findById(db, userId);
      if (!user) throw AppError.unauthenticated('Authentication failed. Please log in again.');
      return { requested: Boolean(user.closureRequestedAt), ...(await plan(userId)) };
    },

    async close(userId: string, input: CloseAccountRequest) {
      const user = await usersService.findById(db, userId);
      if (!user) throw AppError.unauthenticated('Authentication failed. Please log in again.');
      if (input.password && !(await verifyPassword(user.passwordHash, input.password))) {
        throw AppError.validation({ password: ACCOUNT_MESSAGES.wrongPassword });
      }
      const outcome = await plan(userId);
      if (outcome.outcome === 'immediate') {
        await deleteAccount(userId);
        return { deleted: true, message: ACCOUNT_MESSAGES.deleted, data: outcome };
      }
      const scheduledAt = outcome.scheduled_at ? new Date(outcome.scheduled_at) : null;
      await usersService.update(db, userId, { closureRequestedAt: new Date(), closureScheduledAt: scheduledAt });
      return {
        deleted: false,
        message: outcome.outcome === 'scheduled' ? ACCOUNT_MESSAGES.scheduled : ACCOUNT_MESSAGES.pending,
        data: outcome,
      };
    },

    async cancel(userId: string) {
      await usersService.update(db, userId, { closureRequestedAt: null, closureScheduledAt: null });
    },

    /**
     * Closes every account whose time has come; safe to run any number of times, on any instance.
     * Returns how many accounts were deleted.
     */
    async sweep(now: Date = new Date()): Promise<number> {
      let deleted = 0;
      for (const { id } of await usersService.awaitingClosure(db)) {
        const outcome = await plan(id);
        const due = outcome.outcome === 'immediate' || (outcome.outcome === 'scheduled' && new Date(outcome.scheduled_at!) <= now);
        if (due) {
          await deleteAccount(id);
          deleted += 1;
        } else {
          await usersService.update(db, id, { closureScheduledAt: outcome.scheduled_at ? new Date(outcome.scheduled_at) : null });
        }
      }
      return deleted;
    },
  };
}
