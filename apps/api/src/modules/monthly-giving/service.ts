import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
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
import { charities, paymentMethods, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { claimIsFresh } from '../charging/attempts.ts';
import { chargeMonthlyPeriod, type GiftRow } from './charge.ts';
import { monthlyEmails } from './emails.ts';
import { runMonthlyGifts } from './schedule.ts';
import { monthlyGiftsRepository } from './repository.ts';
import { monthlyGiftCharges, monthlyGifts } from './tables.ts';

const WAIT_MS = 5_000;
const POLL_MS = 50;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
const totalOf = (gift: { amountCents: number; tipCents: number }) => formatCents(gift.amountCents + gift.tipCents);
const amountText = (gift: { amountCents: number; tipCents: number }) =>
  gift.tipCents ? `${totalOf(gift)} (${formatCents(gift.amountCents)} gift and ${formatCents(gift.tipCents)} tip)` : formatCents(gift.amountCents);

/** Monthly giving (decision 140): a signed-in supporter's gifts, their first charge, and every change. */
export function createMonthlyGivingService(ctx: AppContext) {
  const { db } = ctx;

  async function cardOf(userId: string, id: string) {
    const [card] = await db
      .select()
      .from(paymentMethods)
      .where(
        and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt), eq(paymentMethods.provider, ctx.payments.name)),
      )
      .limit(1);
    if (!card) throw new AppError('CARD_NOT_FOUND', MONTHLY_MESSAGES.cardNotFound, 404, { payment_method_id: MONTHLY_MESSAGES.cardNotFound });
    return card;
  }

  async function one(giftId: string): Promise<MonthlyGift> {
    return (await monthlyGiftsRepository.view(db, [giftId]))[0]!;
  }

  /** The supporter's gift, locked (the gift first, as every writer does); 404 to anyone else. */
  async function lockOwn(tx: Executor, userId: string, giftId: string): Promise<GiftRow> {
    const [gift] = await tx
      .select()
      .from(monthlyGifts)
      .where(and(eq(monthlyGifts.id, giftId), eq(monthlyGifts.userId, userId)))
      .for('update');
    if (!gift) throw AppError.notFound(MONTHLY_MESSAGES.giftNotFound);
    return gift;
  }

  async function tell(tx: Executor, gift: GiftRow, summary: string) {
    const [person] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, gift.userId)).limit(1);
    const [charity] = await tx.select({ name: charities.name }).from(charities).where(eq(charities.id, gift.charityId)).limit(1);
    if (person) await ctx.mailer.send(monthlyEmails.changed(person, charity?.name ?? 'the charity', gift, summary, ctx.config.publicUrl), tx);
  }

  /** A charge's outcome once recorded: the claimant's, when another request or run holds the claim. */
  async function settled(chargeId: string) {
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const [row] = await db.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.id, chargeId)).limit(1);
      if (!row || row.status !== 'pending' || Date.now() > until) return row;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  return {
    async list(userId: string) {
      const rows = await db.select({ id: monthlyGifts.id }).from(monthlyGifts).where(eq(monthlyGifts.userId, userId));
      return monthlyGiftsRepository.view(
        db,
        rows.map((row) => row.id),
      );
    },

    /**
     * Starts a gift and charges this month's at once (the period of today, UTC); the next charge is
     * on the charge day of the following month. One running gift per supporter and charity (a
     * unique index), so a double click starts one. A declined first charge starts nothing.
     */
    async start(userId: string, charityId: string, input: z.output<typeof StartMonthlyGiftRequest>) {
      const [charity] = await db.select().from(charities).where(eq(charities.id, charityId)).limit(1);
      if (!charity || charity.hidden) throw AppError.notFound(MONTHLY_MESSAGES.charityNotFound);
      const card = await cardOf(userId, input.payment_method_id);
      const now = ctx.clock.now();
      const period = periodOf(now);
      const chargeDay = input.charge_day ?? now.getUTCDate();
      const amountCents = dollarsToCents(input.amount);
      const tipCents = dollarsToCents(input.tip);
      const next = nextChargeAfterPeriod(period, chargeDay);
      const created = await db.transaction(async (tx) => {
        const [gift] = await tx
          .insert(monthlyGifts)
          .values({
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
          })
          .onConflictDoNothing()
          .returning();
        if (!gift) return undefined;
        const [charge] = await tx.insert(monthlyGiftCharges).values({ giftId: gift.id, period, dueAt: now, amountCents, tipCents }).returning();
        return { gift, charge: charge! };
      });
      if (!created) throw AppError.conflict('ALREADY_GIVING_MONTHLY', MONTHLY_MESSAGES.alreadyGiving);
      const outcome = await chargeMonthlyPeriod(ctx, created.charge.id, { start: true });
      const charge =
        outcome === 'in_flight'
          ? await settled(created.charge.id)
          : (await db.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.id, created.charge.id)))[0];
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
        await tx
          .update(monthlyGifts)
          .set({ amountCents: changed.amountCents, tipCents: changed.tipCents, updatedAt: ctx.clock.now() })
          .where(eq(monthlyGifts.id, gift.id));
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
        const unpaid = await tx
          .select()
          .from(monthlyGiftCharges)
          .where(and(eq(monthlyGiftCharges.giftId, gift.id), inArray(monthlyGiftCharges.status, ['failed', 'action_required', 'abandoned'])))
          .for('update');
        const restart = gift.status === 'payment_failed';
        const latest = await latestPeriod(tx, gift.id);
        const next = restart ? laterOf(nextChargeFrom(now, gift.chargeDay), latest ? nextChargeAfterPeriod(latest, gift.chargeDay) : null) : gift.nextChargeAt;
        await tx
          .update(monthlyGifts)
          .set({ paymentMethodId: card.id, updatedAt: now, ...(restart ? { status: 'active' as const, nextChargeAt: next, nextPeriod: periodOf(next!) } : {}) })
          .where(eq(monthlyGifts.id, gift.id));
        if (unpaid.length)
          await tx
            .update(monthlyGiftCharges)
            .set({ status: 'failed', nextRetryAt: now })
            .where(
              inArray(
                monthlyGiftCharges.id,
                unpaid.map((charge) => charge.id),
              ),
            );
        const cardText = `${card.brand} ending ${card.last4}`;
        await tell(
          tx,
          gift,
          unpaid.length
            ? `Your monthly gift will be charged to ${cardText}. The unpaid charge of ${unpaid.map((charge) => `${formatUtcDay(charge.dueAt)} (${totalOf(charge)})`).join(', ')} is being tried again now on this card.`
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
        await tx
          .update(monthlyGifts)
          .set({ shareEmailWithCharity: input.share_email_with_charity, updatedAt: ctx.clock.now() })
          .where(eq(monthlyGifts.id, gift.id));
      });
      return { message: emailSharingMessage({ share_email_with_charity: input.share_email_with_charity }), gift: await one(giftId) };
    },

    async pause(userId: string, giftId: string, input: PauseMonthlyGiftRequest) {
      const message = await db.transaction(async (tx) => {
        const gift = await lockOwn(tx, userId, giftId);
        if (gift.status !== 'active' || !gift.nextChargeAt) throw AppError.conflict('MONTHLY_GIFT_NOT_RUNNING', MONTHLY_MESSAGES.cannotPause);
        const nextPeriod = addPeriods(gift.nextPeriod, input.months);
        const next = chargeDateIn(nextPeriod, gift.chargeDay);
        await tx.update(monthlyGifts).set({ status: 'paused', nextPeriod, nextChargeAt: next, updatedAt: ctx.clock.now() }).where(eq(monthlyGifts.id, gift.id));
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
        const latest = await latestPeriod(tx, gift.id);
        // Never a period already charged: the next date after today, after the last period opened.
        const next = laterOf(nextChargeFrom(now, gift.chargeDay), latest ? nextChargeAfterPeriod(latest, gift.chargeDay) : null);
        await tx
          .update(monthlyGifts)
          .set({ status: 'active', nextPeriod: periodOf(next), nextChargeAt: next, updatedAt: now })
          .where(eq(monthlyGifts.id, gift.id));
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
        const [charity] = await tx.select({ name: charities.name }).from(charities).where(eq(charities.id, gift.charityId)).limit(1);
        const done = fill(MONTHLY_MESSAGES.cancelled, { charity: charity?.name ?? 'the charity' });
        if (gift.status === 'cancelled') return done;
        await tx.update(monthlyGifts).set({ status: 'cancelled', cancelledAt: now, nextChargeAt: null, updatedAt: now }).where(eq(monthlyGifts.id, gift.id));
        const waiting = await tx
          .select()
          .from(monthlyGiftCharges)
          .where(and(eq(monthlyGiftCharges.giftId, gift.id), inArray(monthlyGiftCharges.status, ['pending', 'failed', 'action_required'])))
          .for('update');
        const inFlight = waiting.filter((charge) => charge.status === 'pending' && claimIsFresh(charge.attemptStartedAt, now));
        const stopped = waiting.filter((charge) => !inFlight.includes(charge));
        if (stopped.length)
          await tx
            .update(monthlyGiftCharges)
            .set({ status: 'cancelled', nextRetryAt: null, attemptStartedAt: null, attemptFirstClaimedAt: null })
            .where(
              and(
                inArray(
                  monthlyGiftCharges.id,
                  stopped.map((charge) => charge.id),
                ),
                // A pending charge with a lapsed claim may have reached the provider: it stays to be settled.
                or(eq(monthlyGiftCharges.status, 'failed'), eq(monthlyGiftCharges.status, 'action_required'), isNull(monthlyGiftCharges.attemptStartedAt)),
              ),
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
        const retries = await tx
          .update(monthlyGiftCharges)
          .set({ nextRetryAt: now })
          .where(and(eq(monthlyGiftCharges.giftId, gift.id), eq(monthlyGiftCharges.status, 'failed')))
          .returning({ id: monthlyGiftCharges.id });
        if (!retries.length && (gift.status === 'active' || gift.status === 'paused') && gift.nextChargeAt)
          await tx.update(monthlyGifts).set({ nextChargeAt: now }).where(eq(monthlyGifts.id, gift.id));
      });
      const ran = await runMonthlyGifts(ctx, [giftId]);
      return { ran, gift: await one(giftId) };
    },
  };
}

async function latestPeriod(tx: Executor, giftId: string): Promise<string | null> {
  const [row] = await tx
    .select({ period: monthlyGiftCharges.period })
    .from(monthlyGiftCharges)
    .where(eq(monthlyGiftCharges.giftId, giftId))
    .orderBy(desc(monthlyGiftCharges.period))
    .limit(1);
  return row?.period ?? null;
}

function laterOf(a: Date, b: Date | null): Date {
  return b && b > a ? b : a;
}
