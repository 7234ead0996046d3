import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { AppContext, AuthInfo } from '../../context.ts';
import { pledges } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { lifecycleEmails } from '../lifecycle/index.ts';
import { paymentMethodRecords } from '../payment-methods/index.ts';
import { pledgeChargeStateRepository, waitsForBank } from '../pledges/index.ts';
import { ATTEMPT_MESSAGES, claimIsFresh, newClaim, waitForAttempt } from './attempts.ts';
import { chargeClaimedAttempt, chargePledge, FAILED_WINDOW_MS, REMINDER_INTERVAL_MS, type ChargeOutcome } from './charge-pledge.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { chargingRepository as repo } from './repository.ts';

export const FAILED_PLEDGES_QUEUE = 'failed-pledges';

export const FAILED_PLEDGE_MESSAGES = {
  notFound: 'Pledge not found',
  notFailed: 'Only a pledge whose charge failed can be retried with another payment method',
  cardRequired: 'Please select a payment method or add a new one',
  charged: 'Your payment method was charged. Thank you!',
  stillFailing: 'Your payment method could not be charged',
} as const;

/**
 * The failed-charge window (docs/product.md#pledge-states): a reminder every 48 hours while it is open, one
 * final retry when it ends (a decline then drops the pledge), and a retry at once after the donor
 * gives another card. Times come from `ctx.clock`.
 */
export function createFailedWindow(ctx: AppContext, limiter: RateLimiter) {
  const { db } = ctx;

  async function sendDueReminders(now: Date): Promise<number> {
    const due = await db
      .select({ id: pledges.id })
      .from(pledges)
      .where(
        and(
          eq(pledges.status, 'failed'),
          isNotNull(pledges.nextReminderAt),
          lte(pledges.nextReminderAt, now),
          sql`${pledges.failedAt} + interval '7 days' > ${now.toISOString()}`,
        ),
      );
    let sent = 0;
    for (const { id } of due) {
      const found = await repo.pledgeForCharge(db, id);
      if (!found) continue;
      const done = await db.transaction(async (tx) => {
        const current = await repo.lockPledge(tx, id);
        if (!current || current.status !== 'failed' || !current.nextReminderAt || current.nextReminderAt > now) return false;
        await pledgeChargeStateRepository.update(tx, id, { nextReminderAt: new Date(current.nextReminderAt.getTime() + REMINDER_INTERVAL_MS) });
        if (found.email) {
          const campaign = { id: found.event.id, name: found.event.name };
          await ctx.mailer.send(
            lifecycleEmails.chargeFailed(
              found.email,
              campaign,
              { reason: current.failureReason ?? '', pledgeId: id, authenticate: waitsForBank(current) },
              ctx.config.publicUrl,
              true,
            ),
            tx,
          );
        }
        return true;
      });
      if (done) sent += 1;
    }
    return sent;
  }

  /** Pledges whose window ended get their one final retry (a new attempt, so a new idempotency key). */
  async function finalRetries(now: Date): Promise<number> {
    const ended = await db
      .select({ id: pledges.id })
      .from(pledges)
      .where(and(eq(pledges.status, 'failed'), isNotNull(pledges.nextReminderAt), sql`${pledges.failedAt} + interval '7 days' <= ${now.toISOString()}`));
    for (const { id } of ended) {
      const started = await db.transaction(async (tx) => {
        const current = await repo.lockPledge(tx, id);
        if (!current || current.status !== 'failed' || !current.nextReminderAt) return 'no';
        // A retry still in flight: its outcome comes first (taken over once abandoned), the final retry next time.
        if (current.attemptStartedAt) return claimIsFresh(current.attemptStartedAt, now) ? 'no' : 'abandoned';
        // No reminder is due any more: the null also marks that the final retry was started.
        await pledgeChargeStateRepository.update(tx, id, { nextReminderAt: null, retryCount: current.retryCount + 1, ...newClaim(now) });
        return 'claimed';
      });
      if (started === 'abandoned') await chargePledge(ctx, limiter, id);
      if (started === 'claimed') await chargeClaimedAttempt(ctx, limiter, (await repo.pledgeForCharge(db, id))!, null);
    }
    return ended.length;
  }

  /**
   * Claims a retry with the donor's new card under the pledge's row lock (decision 091), so of
   * requests racing for it one calls the provider. `in_flight`: another request holds the retry;
   * `abandoned`: a retry claimed earlier never recorded its outcome and must be settled first.
   */
  function claimRetry(pledgeId: string, paymentMethodId: string): Promise<'claimed' | 'in_flight' | 'abandoned'> {
    const now = ctx.clock.now();
    return db.transaction(async (tx) => {
      const current = await repo.lockPledge(tx, pledgeId);
      const windowOpen = current?.failedAt && now.getTime() < current.failedAt.getTime() + FAILED_WINDOW_MS;
      if (!current || current.status !== 'failed' || !windowOpen) throw AppError.conflict('PLEDGE_NOT_FAILED', FAILED_PLEDGE_MESSAGES.notFailed);
      if (current.attemptStartedAt) return claimIsFresh(current.attemptStartedAt, now) ? 'in_flight' : 'abandoned';
      await pledgeChargeStateRepository.update(tx, pledgeId, { paymentMethodId, retryCount: current.retryCount + 1, ...newClaim(now) });
      return 'claimed';
    });
  }

  /** The answer of the request that holds the retry, once it has one; 409 while it is still unknown. */
  async function answerOfClaimant(pledgeId: string, outcome: ChargeOutcome) {
    const row = await waitForAttempt(db, pledgeId);
    if (!row) throw AppError.conflict('PAYMENT_IN_PROGRESS', ATTEMPT_MESSAGES.inProgress);
    return { status: row.status, failure_reason: row.failureReason, outcome };
  }

  return {
    async run(): Promise<void> {
      const now = ctx.clock.now();
      await sendDueReminders(now);
      await finalRetries(now);
    },

    /** POST /api/pledges/{id}/payment-method: the donor's own card, and a retry at once. */
    async updateCard(
      auth: AuthInfo,
      pledgeId: string,
      paymentMethodId: string,
    ): Promise<{ status: string; failure_reason: string | null; outcome: ChargeOutcome }> {
      const found = await repo.pledgeForCharge(db, pledgeId);
      if (!found || found.pledge.userId !== auth.userId) throw AppError.notFound(FAILED_PLEDGE_MESSAGES.notFound);
      const method = await paymentMethodRecords.findActive(db, auth.userId, paymentMethodId);
      if (!method) throw AppError.validation({ payment_method_id: FAILED_PLEDGE_MESSAGES.cardRequired });
      let claim = await claimRetry(pledgeId, method.id);
      if (claim === 'abandoned') {
        // The earlier retry's outcome first: it may have charged the card already.
        const settled = await chargePledge(ctx, limiter, pledgeId);
        if (settled === 'in_flight' || settled === 'charged' || settled === 'dropped') return answerOfClaimant(pledgeId, settled);
        claim = await claimRetry(pledgeId, method.id);
      }
      if (claim !== 'claimed') return answerOfClaimant(pledgeId, 'in_flight');
      const outcome = await chargeClaimedAttempt(ctx, limiter, (await repo.pledgeForCharge(db, pledgeId))!, null);
      const after = await repo.pledgeForCharge(db, pledgeId);
      return { status: after!.pledge.status, failure_reason: after!.pledge.failureReason, outcome };
    },
  };
}
