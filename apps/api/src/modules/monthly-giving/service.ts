import {
  addPeriods,
  chargeDateIn,
  dollarsToCents,
  emailSharingMessage,
  formatCents,
  formatUtcDay,
  MONTHLY_MESSAGES,
  nextChargeAfterPeriod,
  nextChargeFrom,
  paymentMethodLabel,
  periodOf,
  type StartMonthlyGiftRequest,
  type ChangeMonthlyAmountRequest,
  type ChangeMonthlyCardRequest,
  type MonthlyGift,
  type PauseMonthlyGiftRequest,
  type MonthlyEmailSharingRequest,
} from '@pledgeway/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { claimIsFresh } from '../../lib/attempt-lease.ts';
import { chargeMonthlyPeriod, type GiftRow } from './charge.ts';
import { monthlyChargesRepository as repo } from './charges-repository.ts';
import { monthlyEmails } from './emails.ts';
import { runMonthlyGifts } from './schedule.ts';
import { monthlyGiftsRepository } from './repository.ts';

const WAIT_MS = 5_000;
const POLL_MS = 50;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
const totalOf = (gift: { amountCents: number; tipCents: number }) => formatCents(gift.amountCents + gift.tipCents);
const amountText = (gift: { amountCents: number; tipCents: number }) =>
  gift.tipCents ? `${totalOf(gift)} (${formatCents(gift.amountCents)} gift and ${formatCents(gift.tipCents)} tip)` : formatCents(gift.amountCents);

/** Monthly giving (decision 140): a signed-in supporter's gifts, their first charge, and every change. */
export function createMonthlyGivingService(ctx: AppContext) {
  const { db } = ctx;

  async function cardOf(userId: string, id: string, executor: Executor = db) {
    const card = await repo.activeCardOf(executor, userId, id, ctx.payments.name);
    if (!card) throw new AppError('CARD_NOT_FOUND', MONTHLY_MESSAGES.cardNotFound, 404, { payment_method_id: MONTHLY_MESSAGES.cardNotFound });
    return card;
  }

  async function one(giftId: string): Promise<MonthlyGift> {
    return (await monthlyGiftsRepository.view(db, [giftId]))[0]!;
  }

  /** The supporter's gift, locked (the gift first, as every writer does); 404 to anyone else. */
  async function lockOwn(tx: Executor, userId: string, giftId: string): Promise<GiftRow> {
    const gift = await repo.lockOwnGift(tx, userId, giftId);
    if (!gift) throw AppError.notFound(MONTHLY_MESSAGES.giftNotFound);
    return gift;
  }

  async function tell(tx: Executor, gift: GiftRow, summary: string) {
    const person = await repo.person(tx, gift.userId);
    const charityName = (await repo.charityName(tx, gift.charityId)) ?? 'the charity';
    if (person) await ctx.mailer.send(monthlyEmails.changed(person, charityName, gift, summary, ctx.config.publicUrl), tx);
  }

  /** A charge's outcome once recorded: the claimant's, when another request or run holds the claim. */
  async function settled(chargeId: string) {
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const row = await repo.chargeById(db, chargeId);
      if (!row || row.status !== 'pending' || Date.now() > until) return row;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  return {
    async list(userId: string) {
      return monthlyGiftsRepository.view(db, await repo.giftIdsOf(db, userId));
    },

    /**
     * Starts a gift and charges this month's at once (the period of today, UTC); the next charge is
     * on the charge day of the following month. One running gift per supporter and charity (a
     * unique index), so a double click starts one. A declined first charge starts nothing.
     */
    async start(userId: string, charityId: string, input: z.output<typeof StartMonthlyGiftRequest>) {
      const charity = await repo.charity(db, charityId);
      if (!charity || charity.hidden) throw AppError.notFound(MONTHLY_MESSAGES.charityNotFound);
      const card = await cardOf(userId, input.payment_method_id);
      const now = ctx.clock.now();
      const period = periodOf(now);
      const chargeDay = input.charge_day ?? now.getUTCDate();
      const amountCents = dollarsToCents(input.amount);
      const tipCents = dollarsToCents(input.tip);
      const next = nextChargeAfterPeriod(period, chargeDay);
      const created = await db.transaction(async (tx) => {
        const gift = await repo.insertGift(tx, {
          userId,
          charityId,
          amountCents,
          tipCents,
          shareEmailWithCharity: input.share_email_with_charity,
          paymentMethodId: card.id,
          chargeDay,
          status: 'active',
          nextPeriod: addPeriods(period, 1),
          nextChargeAt: next,
        });
        if (!gift) return undefined;
        return { gift, charge: await repo.insertCharge(tx, { giftId: gift.id, period, dueAt: now, amountCents, tipCents }) };
      });
      if (!created) throw AppError.conflict('ALREADY_GIVING_MONTHLY', MONTHLY_MESSAGES.alreadyGiving);
      const outcome = await chargeMonthlyPeriod(ctx, created.charge.id, { start: true });
      const charge = outcome === 'in_flight' ? await settled(created.charge.id) : await repo.chargeById(db, created.charge.id);
      if (charge?.status !== 'charged') {
        if (charge?.status === 'pending')
          throw AppError.conflict('MONTHLY_CHARGE_IN_FLIGHT', 'Your first monthly charge is still being processed. Please refresh My Giving in a minute.');
        throw new AppError('CARD_DECLINED', charge?.failureMessage ?? 'Your card was declined.', 422, { payment_method_id: charge?.failureMessage ?? '' });
      }
      const message = fill(MONTHLY_MESSAGES.started, { amount: totalOf(created.gift), charity: charity.name, next: formatUtcDay(next) });
      return { message, gift: await one(created.gift.id) };
    },

    async changeAmount(userId: string, giftId: string, input: z.output<typeof ChangeMonthlyAmountRequest>) {
      const message = await db.transaction(async (tx) => {
        const gift = await lockOwn(tx, userId, giftId);
        if (gift.status === 'cancelled') throw AppError.conflict('MONTHLY_GIFT_CANCELLED', MONTHLY_MESSAGES.notActive);
        const changed = { ...gift, amountCents: dollarsToCents(input.amount), tipCents: dollarsToCents(input.tip) };
        await repo.updateGift(tx, gift.id, { amountCents: changed.amountCents, tipCents: changed.tipCents, updatedAt: ctx.clock.now() });
        const text = fill(MONTHLY_MESSAGES.amountChanged, {
          amount: amountText(changed),
          next: gift.nextChargeAt ? formatUtcDay(gift.nextChargeAt) : 'your next charge',
        });
        await tell(tx, changed, text);
        return text;
      });
      return { message, gift: await one(giftId) };
    },

    /**
     * Moves the gift to another of the supporter's cards. A period left unpaid (declined, waiting for
     * the bank's confirmation, or given up after the retries) is tried again at once on the new card,
     * as a new attempt of that period: still charged once. A gift paused after declines runs again.
     */
    async changeCard(userId: string, giftId: string, input: ChangeMonthlyCardRequest) {
      const card = await cardOf(userId, input.payment_method_id);
      const now = ctx.clock.now();
      const retried = await db.transaction(async (tx) => {
        const gift = await lockOwn(tx, userId, giftId);
        if (gift.status === 'cancelled') throw AppError.conflict('MONTHLY_GIFT_CANCELLED', MONTHLY_MESSAGES.notActive);
        // Read again under the gift's lock: a removal of this card holds the gift's lock while it checks, so one of the two waits.
        await cardOf(userId, card.id, tx);
        const unpaid = (await repo.lockChargesOf(tx, gift.id, ['failed', 'action_required', 'abandoned']))
          // A month being confirmed on the site right now (decision 170) is left to that confirmation.
          .filter((charge) => !(charge.status === 'action_required' && claimIsFresh(charge.attemptStartedAt, now)));
        const restart = gift.status === 'payment_failed';
        const latest = await repo.latestPeriod(tx, gift.id);
        const next = restart ? laterOf(nextChargeFrom(now, gift.chargeDay), latest ? nextChargeAfterPeriod(latest, gift.chargeDay) : null) : gift.nextChargeAt;
        await repo.updateGift(tx, gift.id, {
          paymentMethodId: card.id,
          updatedAt: now,
          ...(restart ? { status: 'active' as const, nextChargeAt: next, nextPeriod: periodOf(next!) } : {}),
        });
        await repo.updateCharges(
          tx,
          unpaid.map((charge) => charge.id),
          { status: 'failed', nextRetryAt: now },
        );
        // Named as every screen names it (decision 150): a cash app has no brand or last four.
        const cardText = paymentMethodLabel(card);
        await tell(
          tx,
          gift,
          unpaid.length
            ? `Your monthly gift will be charged to ${cardText}. The unpaid charge of ${unpaid.map((charge) => `${formatUtcDay(charge.dueAt)} (${totalOf(charge)})`).join(', ')} is being tried again now on it.`
            : `Your monthly gift will be charged to ${cardText}${next ? ` from the charge on ${formatUtcDay(next)}` : ''}.`,
        );
        return { unpaid: unpaid.length, cardText };
      });
      if (retried.unpaid) await runMonthlyGifts(ctx, [giftId]).catch((error: unknown) => ctx.log.warn({ err: error }, 'monthly retry after a card change'));
      const gift = await one(giftId);
      const stillUnpaid = gift.charges.filter((charge) => charge.status !== 'charged' && charge.status !== 'cancelled' && charge.status !== 'pending');
      const message = !retried.unpaid
        ? fill(MONTHLY_MESSAGES.cardChanged, { card: retried.cardText })
        : stillUnpaid.length
          ? `Your monthly gift will be charged to ${retried.cardText}, but the retry of the unpaid charge did not go through: ${stillUnpaid[0]!.failure_message ?? 'declined'}`
          : `Your monthly gift will be charged to ${retried.cardText}, and the unpaid charge went through on it.`;
      return { message, gift };
    },

    /** The donor changes whether the charity sees their e-mail (decision 183); the portal's CSV and events read it when made. */
    async setEmailSharing(userId: string, giftId: string, input: MonthlyEmailSharingRequest) {
      await db.transaction(async (tx) => {
        const gift = await lockOwn(tx, userId, giftId);
        await repo.updateGift(tx, gift.id, { shareEmailWithCharity: input.share_email_with_charity, updatedAt: ctx.clock.now() });
      });
      return { message: emailSharingMessage({ share_email_with_charity: input.share_email_with_charity }), gift: await one(giftId) };
    },

    async pause(userId: string, giftId: string, input: PauseMonthlyGiftRequest) {
      const message = await db.transaction(async (tx) => {
        const gift = await lockOwn(tx, userId, giftId);
        if (gift.status !== 'active' || !gift.nextChargeAt) throw AppError.conflict('MONTHLY_GIFT_NOT_RUNNING', MONTHLY_MESSAGES.cannotPause);
        const nextPeriod = addPeriods(gift.nextPeriod, input.months);
        const next = chargeDateIn(nextPeriod, gift.chargeDay);
        await repo.updateGift(tx, gift.id, { status: 'paused', nextPeriod, nextChargeAt: next, updatedAt: ctx.clock.now() });
        const skipped = Array.from({ length: input.months }, (_, nth) => formatUtcDay(chargeDateIn(addPeriods(gift.nextPeriod, nth), gift.chargeDay)));
        const text = `${fill(MONTHLY_MESSAGES.paused, { next: `${formatUtcDay(next)} (${totalOf(gift)})` })} Skipped: ${skipped.join(', ')}.`;
        await tell(tx, gift, text);
        return text;
      });
      return { message, gift: await one(giftId) };
    },

    async resume(userId: string, giftId: string) {
      const now = ctx.clock.now();
      const message = await db.transaction(async (tx) => {
        const gift = await lockOwn(tx, userId, giftId);
        if (gift.status !== 'paused') throw AppError.conflict('MONTHLY_GIFT_NOT_PAUSED', MONTHLY_MESSAGES.notPaused);
        const latest = await repo.latestPeriod(tx, gift.id);
        // Never a period already charged: the next date after today, after the last period opened.
        const next = laterOf(nextChargeFrom(now, gift.chargeDay), latest ? nextChargeAfterPeriod(latest, gift.chargeDay) : null);
        await repo.updateGift(tx, gift.id, { status: 'active', nextPeriod: periodOf(next), nextChargeAt: next, updatedAt: now });
        const text = fill(MONTHLY_MESSAGES.resumed, { amount: totalOf(gift), next: formatUtcDay(next) });
        await tell(tx, gift, text);
        return text;
      });
      return { message, gift: await one(giftId) };
    },

    /**
     * Cancels at once: nothing waiting is charged any more. A charge already at the provider at this
     * moment (claimed, in flight) completes and is booked: the money may already have moved.
     */
    async cancel(userId: string, giftId: string) {
      const now = ctx.clock.now();
      const message = await db.transaction(async (tx) => {
        const gift = await lockOwn(tx, userId, giftId);
        const done = fill(MONTHLY_MESSAGES.cancelled, { charity: (await repo.charityName(tx, gift.charityId)) ?? 'the charity' });
        if (gift.status === 'cancelled') return done;
        await repo.updateGift(tx, gift.id, { status: 'cancelled', cancelledAt: now, nextChargeAt: null, updatedAt: now });
        const waiting = await repo.lockChargesOf(tx, gift.id, ['pending', 'failed', 'action_required']);
        // A try at the provider, or a confirmation on the site (decision 170), completes and is booked.
        const inFlight = waiting.filter((charge) => charge.status !== 'failed' && claimIsFresh(charge.attemptStartedAt, now));
        const stopped = waiting.filter((charge) => !inFlight.includes(charge));
        // A pending month with a lapsed claim may have reached the provider: it stays to be settled.
        await repo.cancelWaiting(
          tx,
          stopped.map((charge) => charge.id),
        );
        const text = inFlight.length
          ? `${done.replace(' Nothing more will be charged.', '')} The charge of ${formatUtcDay(inFlight[0]!.dueAt)} (${totalOf(inFlight[0]!)}) was already under way and completes; nothing after it will be charged.`
          : done;
        await tell(tx, gift, text);
        return text;
      });
      return { message, gift: await one(giftId) };
    },

    /**
     * Sandbox only, for tests and the demo: brings the gift's next charge (or its unpaid charge's
     * retry) forward to now and runs the schedule for it, so months pass in seconds.
     */
    async sandboxAdvance(userId: string, giftId: string) {
      const now = ctx.clock.now();
      await db.transaction(async (tx) => {
        const gift = await lockOwn(tx, userId, giftId);
        const retries = await repo.bringRetriesForward(tx, gift.id, now);
        if (!retries && (gift.status === 'active' || gift.status === 'paused') && gift.nextChargeAt) await repo.updateGift(tx, gift.id, { nextChargeAt: now });
      });
      const ran = await runMonthlyGifts(ctx, [giftId]);
      return { ran, gift: await one(giftId) };
    },
  };
}

function laterOf(a: Date, b: Date | null): Date {
  return b && b > a ? b : a;
}

/**
 * What the saved cards ask of monthly giving: a card that a gift not cancelled is charged to is not
 * removed (the supporter switches the gift first). Locks the supporter's gifts, so the caller locks
 * them before its cards, in the order every monthly writer keeps (the gift first).
 */
export const monthlyGiftCards = {
  async refuseRemovalOfCardInUse(tx: Executor, userId: string, cardId: string): Promise<void> {
    const gift = (await monthlyGiftsRepository.lockRunningOf(tx, userId)).find((row) => row.paymentMethodId === cardId);
    if (gift) throw AppError.conflict('CARD_USED_BY_MONTHLY_GIFT', fill(MONTHLY_MESSAGES.cardUsedByGift, { charity: gift.charityName, amount: totalOf(gift) }));
  },
};
