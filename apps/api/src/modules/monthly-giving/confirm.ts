import { and, eq } from 'drizzle-orm';
import {
  centsToDollars,
  CONFIRMATION_MESSAGES,
  formatCents,
  formatUtcDay,
  MONTHLY_MESSAGES,
  type ConfirmMonthlyChargeRequest,
  type MonthlyConfirmation,
} from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { charities } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { isSandbox, isStripe, type ChargeResult } from '../../providers/payments/index.ts';
import { claimIsFresh } from '../../lib/attempt-lease.ts';
import { bookCharged, lockGiftAndCharge, type GiftChargeRow, type GiftRow } from './charge.ts';
import { monthlyGiftCharges, monthlyGifts } from './tables.ts';

const WAIT_MS = 5_000;
const POLL_MS = 50;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** The outcome of one confirmation, told as it is. */
export type ConfirmationOutcome = 'charged' | 'already_charged' | 'not_confirmed' | 'not_waiting' | 'in_flight';

/**
 * The on-site confirmation of a month the bank asked the holder to authenticate (decision 170).
 * The browser does the bank's check (Stripe.js on the PaymentIntent that asked for it, or the
 * sandbox's screen), then this books the month: claimed under the gift's and the charge's row
 * locks (decision 091), so a double click, a retry or two tabs book it once.
 */
export function createMonthlyConfirmation(ctx: AppContext) {
  const { db } = ctx;

  /** The supporter's gift and month, locked; 404 to anyone else. */
  async function lockOwn(tx: Executor, userId: string, giftId: string, chargeId: string) {
    const locked = await lockGiftAndCharge(tx, chargeId);
    if (!locked || locked.gift.id !== giftId || locked.gift.userId !== userId) throw AppError.notFound(MONTHLY_MESSAGES.giftNotFound);
    return locked;
  }

  async function describe(gift: GiftRow, charge: GiftChargeRow): Promise<MonthlyConfirmation> {
    const [charity] = await db.select({ name: charities.name }).from(charities).where(eq(charities.id, gift.charityId)).limit(1);
    const waiting = charge.status === 'action_required' && charge.providerChargeRef !== null;
    const payments = ctx.payments;
    const stripe = waiting && isStripe(payments) ? await payments.paymentConfirmation(charge.providerChargeRef!) : null;
    return {
      gift_id: gift.id,
      charge_id: charge.id,
      charity_name: charity?.name ?? 'the charity',
      amount: centsToDollars(charge.amountCents),
      tip: centsToDollars(charge.tipCents),
      due_at: charge.dueAt.toISOString(),
      status: charge.status,
      charged_at: charge.chargedAt?.toISOString() ?? null,
      failure_message: charge.failureMessage,
      provider: payments.name,
      stripe: stripe ? { client_secret: stripe.clientSecret, payment_method: stripe.methodRef, intent_status: stripe.status } : null,
    };
  }

  async function current(userId: string, giftId: string, chargeId: string) {
    const [row] = await db
      .select({ gift: monthlyGifts, charge: monthlyGiftCharges })
      .from(monthlyGiftCharges)
      .innerJoin(monthlyGifts, eq(monthlyGifts.id, monthlyGiftCharges.giftId))
      .where(and(eq(monthlyGiftCharges.id, chargeId), eq(monthlyGifts.id, giftId), eq(monthlyGifts.userId, userId)))
      .limit(1);
    if (!row) throw AppError.notFound(MONTHLY_MESSAGES.giftNotFound);
    return row;
  }

  /** The bank's check as the provider now reports it: the sandbox's screen's choice is applied first. */
  async function providerAnswer(ref: string, input: ConfirmMonthlyChargeRequest): Promise<ChargeResult> {
    const payments = ctx.payments;
    if (isSandbox(payments)) return payments.authenticateCharge(ref, input.sandbox_outcome ?? 'fail');
    return payments.retrieveCharge(ref);
  }

  /** Waits for another request's confirmation of this month to be recorded (up to 5 s). */
  async function settled(chargeId: string) {
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const [row] = await db.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.id, chargeId)).limit(1);
      const busy = row?.status === 'action_required' && claimIsFresh(row.attemptStartedAt, ctx.clock.now());
      if (!busy || Date.now() > until) return row;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  function message(outcome: ConfirmationOutcome, charity: string, charge: GiftChargeRow) {
    const values = { amount: formatCents(charge.amountCents + charge.tipCents), charity, date: formatUtcDay(charge.dueAt) };
    if (outcome === 'charged') return fill(CONFIRMATION_MESSAGES.charged, values);
    if (outcome === 'already_charged') return fill(CONFIRMATION_MESSAGES.alreadyCharged, values);
    if (outcome === 'not_confirmed') return CONFIRMATION_MESSAGES.notConfirmed;
    if (outcome === 'in_flight') return CONFIRMATION_MESSAGES.inFlight;
    return CONFIRMATION_MESSAGES.notWaiting;
  }

  return {
    /** What is to be paid, and (with Stripe, while the month waits) what Stripe.js needs to confirm it. */
    async view(userId: string, giftId: string, chargeId: string): Promise<MonthlyConfirmation> {
      const { gift, charge } = await current(userId, giftId, chargeId);
      return describe(gift, charge);
    },

    async confirm(userId: string, giftId: string, chargeId: string, input: ConfirmMonthlyChargeRequest) {
      await current(userId, giftId, chargeId);
      if (isSandbox(ctx.payments) && !input.sandbox_outcome) throw AppError.validation({ sandbox_outcome: 'Choose approve or fail' });
      const now = ctx.clock.now();
      const claimed = await db.transaction(async (tx) => {
        const { charge } = await lockOwn(tx, userId, giftId, chargeId);
        if (charge.status === 'charged') return 'already_charged' as const;
        if (charge.status !== 'action_required' || !charge.providerChargeRef) return 'not_waiting' as const;
        if (claimIsFresh(charge.attemptStartedAt, now)) return 'in_flight' as const;
        await tx
          .update(monthlyGiftCharges)
          .set({ attemptStartedAt: now, attemptFirstClaimedAt: charge.attemptFirstClaimedAt ?? now })
          .where(eq(monthlyGiftCharges.id, charge.id));
        return { ref: charge.providerChargeRef, attempt: charge.attempt };
      });

      let outcome: ConfirmationOutcome;
      if (claimed === 'in_flight') {
        const row = await settled(chargeId);
        outcome =
          row?.status === 'charged'
            ? 'already_charged'
            : row?.status === 'action_required' && claimIsFresh(row.attemptStartedAt, ctx.clock.now())
              ? 'in_flight'
              : 'not_confirmed';
      } else if (typeof claimed === 'string') {
        outcome = claimed;
      } else {
        let answer: ChargeResult;
        try {
          answer = await providerAnswer(claimed.ref, input);
        } catch (error) {
          // Asking the provider moves no money twice (the same charge is read, or approved once): the next request asks again.
          await release(chargeId, claimed.attempt, now);
          throw error;
        }
        outcome = await db.transaction(async (tx) => {
          const { gift, charge } = await lockOwn(tx, userId, giftId, chargeId);
          if (charge.status === 'charged') return 'already_charged';
          // Money that moved is booked whatever happened meanwhile (a cancel, a lapsed claim): it is this attempt's charge.
          const ours = charge.attempt === claimed.attempt && (charge.status === 'action_required' || charge.status === 'cancelled');
          if (answer.ok && ours) {
            await bookCharged(ctx, tx, gift, charge, answer, ctx.clock.now());
            return 'charged';
          }
          if (charge.status !== 'action_required' || charge.attemptStartedAt?.getTime() !== now.getTime()) return 'not_waiting';
          // Still waiting for the holder, unless the gift was cancelled meanwhile.
          await tx
            .update(monthlyGiftCharges)
            .set({ attemptStartedAt: null, attemptFirstClaimedAt: null, ...(gift.status === 'cancelled' ? { status: 'cancelled' as const } : {}) })
            .where(eq(monthlyGiftCharges.id, charge.id));
          return 'not_confirmed';
        });
      }
      const { gift, charge } = await current(userId, giftId, chargeId);
      const confirmation = await describe(gift, charge);
      return { outcome, message: message(outcome, confirmation.charity_name, charge), confirmation };
    },
  };

  async function release(chargeId: string, attempt: number, claimedAt: Date) {
    await db
      .update(monthlyGiftCharges)
      .set({ attemptStartedAt: null, attemptFirstClaimedAt: null })
      .where(
        and(
          eq(monthlyGiftCharges.id, chargeId),
          eq(monthlyGiftCharges.status, 'action_required'),
          eq(monthlyGiftCharges.attempt, attempt),
          eq(monthlyGiftCharges.attemptStartedAt, claimedAt),
        ),
      );
  }
}
