import { MONTHLY_RETRY_DAYS } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { DECLINE_MESSAGES, type ChargeResult } from '../../providers/payments/index.ts';
import { ATTEMPT_LEASE_MS, claimIsFresh } from '../../lib/attempt-lease.ts';
import { ledgerKeys } from '../ledger/index.ts';
import { ledgerRepository } from '../ledger/index.ts';
import { monthlyEmails } from './emails.ts';
import { monthlyChargesRepository as repo, type GiftChargeRow, type GiftRow } from './charges-repository.ts';
import { monthlyGiftsRepository } from './repository.ts';
import { attemptKey, monthlyGiftEntries } from './postings.ts';

export type { GiftChargeRow, GiftRow } from './charges-repository.ts';
/** What one try of a period's charge did. */
export type MonthlyOutcome = 'charged' | 'failed' | 'action_required' | 'abandoned' | 'in_flight' | 'skipped';

const DAY_MS = 86_400_000;

/** The gift and its period's charge, locked in that order (every writer locks the gift first, so none deadlock). */
export const lockGiftAndCharge = repo.lockGiftAndCharge;

interface Claimed {
  gift: GiftRow;
  charge: GiftChargeRow;
  /** The first claim of an attempt taken over (its outcome unknown), or null for a fresh attempt. */
  abandonedAt: Date | null;
  /** The earlier attempt's charge that waited for the holder's confirmation (decision 170): closed before a new one is sent. */
  waitingRef?: string | null;
}

/**
 * Claims the next try of a period's charge under the gift's and the charge's row locks (decision
 * 091): a pending charge without a live claim, or a failed one whose retry is due (a new attempt,
 * so a new provider key). A live claim answers `in_flight`; anything else `skipped`.
 */
async function claim(ctx: AppContext, chargeId: string, now: Date): Promise<Claimed | MonthlyOutcome> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockGiftAndCharge(tx, chargeId);
    if (!locked) return 'skipped';
    const { gift, charge } = locked;
    if (gift.status !== 'active') return 'skipped';
    if (charge.status === 'pending') {
      if (claimIsFresh(charge.attemptStartedAt, now)) return 'in_flight';
      const takenOver = charge.attemptStartedAt !== null;
      const claimed = await repo.updateCharge(tx, chargeId, {
        attemptStartedAt: now,
        attemptFirstClaimedAt: charge.attemptFirstClaimedAt ?? now,
        // A fresh attempt goes to the gift's card; a taken-over one keeps its card, amount and key.
        paymentMethodId: takenOver ? charge.paymentMethodId : gift.paymentMethodId,
      });
      return { gift, charge: claimed, abandonedAt: takenOver ? (charge.attemptFirstClaimedAt ?? charge.attemptStartedAt) : null };
    }
    if (charge.status === 'failed' && charge.nextRetryAt && charge.nextRetryAt <= now) {
      const claimed = await repo.updateCharge(tx, chargeId, {
        status: 'pending',
        attempt: charge.attempt + 1,
        attemptStartedAt: now,
        attemptFirstClaimedAt: now,
        nextRetryAt: null,
        paymentMethodId: gift.paymentMethodId,
      });
      const waitingRef = charge.failureCode === 'authentication_required' ? charge.providerChargeRef : null;
      return { gift, charge: claimed, abandonedAt: null, waitingRef };
    }
    return 'skipped';
  });
}

/** The provider's answer for a claimed attempt; past the key's lifetime an unknown outcome is looked up first. */
async function providerAnswer(ctx: AppContext, claimed: Claimed, charityName: string): Promise<ChargeResult> {
  const { gift, charge, abandonedAt } = claimed;
  const key = attemptKey(gift.id, charge.period, charge.attempt);
  // The holder may have confirmed the earlier charge in a browser: it is booked, never paid a second time.
  if (claimed.waitingRef) {
    const earlier = await ctx.payments.closeWaitingCharge(claimed.waitingRef);
    if (earlier.ok) return earlier;
  }
  if (abandonedAt && ctx.clock.now().getTime() - abandonedAt.getTime() >= ctx.payments.idempotencyKeyLifetimeMs) {
    const earlier = await ctx.payments.findCharge(key);
    if (earlier) return earlier;
  }
  const method = charge.paymentMethodId ? await repo.paymentMethod(ctx.db, charge.paymentMethodId) : undefined;
  if (!method || method.removedAt || method.provider !== ctx.payments.name || method.userId !== gift.userId) {
    return { ok: false, ref: `missing:${key}`, code: 'card_missing', message: DECLINE_MESSAGES.card_missing };
  }
  return ctx.payments.charge({
    customerRef: method.providerCustomerRef,
    methodRef: method.providerMethodRef,
    amountCents: charge.amountCents + charge.tipCents,
    idempotencyKey: key,
    description: `Monthly gift to ${charityName}`,
  });
}

/**
 * Records a claimed attempt's answer under the row locks, once: a charge is booked in the ledger
 * under the period's key with its receipt in the same transaction; a decline is retried on the
 * schedule (MONTHLY_RETRY_DAYS after the charge date, or at once when the card was changed while
 * the attempt ran), asks the supporter to confirm when the bank wants authentication, and after the
 * last retry pauses the gift. `start`: the first charge of a new gift, which is not retried (the
 * supporter is answered at once and the gift does not start).
 */
async function record(ctx: AppContext, claimed: Claimed, answer: ChargeResult, start: boolean): Promise<MonthlyOutcome> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const locked = await lockGiftAndCharge(tx, claimed.charge.id);
    if (!locked) return 'skipped';
    const { gift, charge } = locked;
    // Another worker took the attempt over and recorded it, or a later attempt began: not ours to record.
    if (charge.status !== 'pending' || charge.attempt !== claimed.charge.attempt) return 'skipped';
    const person = await repo.person(tx, gift.userId);
    const charityName = (await repo.charityName(tx, gift.charityId)) ?? 'the charity';
    const cleared = { attemptStartedAt: null, attemptFirstClaimedAt: null };

    if (answer.ok) {
      await bookCharged(ctx, tx, gift, charge, answer, now);
      return 'charged';
    }

    const failure = { ...cleared, providerChargeRef: answer.ref, failureCode: answer.code, failureMessage: answer.message };
    if (start) {
      await repo.updateCharge(tx, charge.id, { ...failure, status: 'abandoned' });
      await repo.updateGift(tx, gift.id, { status: 'cancelled', cancelledAt: now, nextChargeAt: null, updatedAt: now });
      return 'abandoned';
    }
    if (answer.code === 'authentication_required') {
      // Not retried blindly: the bank wants the holder, so the supporter is asked to act.
      await repo.updateCharge(tx, charge.id, { ...failure, status: 'action_required' });
      if (person) await ctx.mailer.send(monthlyEmails.actionRequired(person, charityName, gift, charge, ctx.config.publicUrl), tx);
      return 'action_required';
    }
    const cardChanged = charge.paymentMethodId !== gift.paymentMethodId;
    const retryDays = MONTHLY_RETRY_DAYS[charge.attempt];
    if (cardChanged || retryDays !== undefined) {
      const scheduled = cardChanged ? now : new Date(Math.max(now.getTime(), charge.dueAt.getTime() + retryDays! * DAY_MS));
      await repo.updateCharge(tx, charge.id, { ...failure, status: 'failed', nextRetryAt: scheduled });
      if (person && !cardChanged)
        await ctx.mailer.send(monthlyEmails.declined(person, charityName, gift, charge, answer.message, scheduled, ctx.config.publicUrl), tx);
      return 'failed';
    }
    await repo.updateCharge(tx, charge.id, { ...failure, status: 'abandoned' });
    await repo.updateGift(tx, gift.id, { status: 'payment_failed', nextChargeAt: null, updatedAt: now });
    if (person) await ctx.mailer.send(monthlyEmails.pausedAfterDeclines(person, charityName, gift, charge, answer.message, ctx.config.publicUrl), tx);
    return 'abandoned';
  });
}

/**
 * Books a period's charge that went through, under the gift's and the charge's row locks: the
 * charge row, the ledger posting under the period's key (once, whatever the attempts) and the
 * receipt, in the caller's transaction.
 */
export async function bookCharged(ctx: AppContext, tx: Executor, gift: GiftRow, charge: GiftChargeRow, answer: ChargeResult & { ok: true }, now: Date) {
  const charityName = (await repo.charityName(tx, gift.charityId)) ?? 'the charity';
  const person = await repo.person(tx, gift.userId);
  const charged = await repo.updateCharge(tx, charge.id, {
    attemptStartedAt: null,
    attemptFirstClaimedAt: null,
    status: 'charged',
    providerChargeRef: answer.ref,
    cardFeeCents: answer.feeCents,
    chargedAt: now,
    failureCode: null,
    failureMessage: null,
    nextRetryAt: null,
  });
  await ledgerRepository.post(tx, {
    kind: 'monthly_gift',
    idempotencyKey: ledgerKeys.monthlyGift(gift.id, charge.period),
    providerRef: answer.ref,
    memo: { giftId: gift.id, chargeId: charge.id, period: charge.period },
    entries: monthlyGiftEntries({ amountCents: charge.amountCents, tipCents: charge.tipCents, feeCents: answer.feeCents, charityId: gift.charityId }),
  });
  if (person) await ctx.mailer.send(monthlyEmails.receipt(person, charityName, gift, charged, ctx.config.publicUrl), tx);
  return charged;
}

/**
 * One try of a period's charge, exactly once however many workers, instances or requests call it
 * at once: claimed, sent to the provider with the attempt's own key, recorded under the locks. A
 * provider call that fails without an answer ends the claim's lease now (the outcome stays unknown
 * and is taken over with the same key, or looked up past the key's lifetime).
 */
export async function chargeMonthlyPeriod(ctx: AppContext, chargeId: string, options: { start?: boolean } = {}): Promise<MonthlyOutcome> {
  const claimed = await claim(ctx, chargeId, ctx.clock.now());
  if (typeof claimed === 'string') return claimed;
  const charityName = (await repo.charityName(ctx.db, claimed.gift.charityId)) ?? 'a charity';
  let answer: ChargeResult;
  try {
    answer = await providerAnswer(ctx, claimed, charityName);
  } catch (error) {
    await repo.endLease(ctx.db, chargeId, claimed.charge.attempt, new Date(ctx.clock.now().getTime() - ATTEMPT_LEASE_MS));
    throw error;
  }
  return record(ctx, claimed, answer, options.start ?? false);
}

/**
 * What other modules read of monthly giving: the giving statements a supporter's charged months (oldest
 * first, with the charity as a tax receipt names it); the disputes a disputed month, locked, and its summary;
 * a webhook event one period's charge (its subject); a charity's supporters CSV its charged months.
 */
export const monthlyGiftRecords = {
  /** With what the month credited the charity: the gift less its share of the card fee, as it was booked. */
  async lockChargedMonthByRef(tx: Executor, refs: string[]) {
    const month = await monthlyGiftsRepository.lockChargedMonthByRef(tx, refs);
    if (!month) return undefined;
    const { charge, gift } = month;
    const entries = monthlyGiftEntries({
      amountCents: charge.amountCents,
      tipCents: charge.tipCents,
      feeCents: charge.cardFeeCents ?? 0,
      charityId: gift.charityId,
    });
    return { ...month, creditedCents: entries.find((entry) => entry.account === 'charity_payable')!.amountCents };
  },
  monthSummaries: monthlyGiftsRepository.monthSummaries,
  chargedBy: repo.chargedBy,
  chargeWithGift: monthlyGiftsRepository.chargeWithGift,
  chargedTo: monthlyGiftsRepository.chargedTo,
};
