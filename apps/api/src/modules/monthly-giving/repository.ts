import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { centsToDollars, paymentMethodLabel, type MonthlyGift } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { charities, paymentMethods, users } from '../../db/schema.ts';
import { monthlyGiftCharges, monthlyGifts } from './tables.ts';

/** Monthly giving's reads: the gifts as My Giving shows them. */
export const monthlyGiftsRepository = {
  /**
   * The month whose provider charge is one of `refs`, locked as every monthly writer locks: its gift
   * first, then the month. With the charity's name and the supporter (a dispute tells the admins).
   */
  async lockChargedMonthByRef(tx: Executor, refs: string[]) {
    const [ref] = await tx
      .select({ id: monthlyGiftCharges.id, giftId: monthlyGiftCharges.giftId })
      .from(monthlyGiftCharges)
      .where(inArray(monthlyGiftCharges.providerChargeRef, refs))
      .limit(1);
    if (!ref) return undefined;
    const [gift] = await tx.select().from(monthlyGifts).where(eq(monthlyGifts.id, ref.giftId)).for('update');
    const [charge] = await tx.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.id, ref.id)).for('update');
    if (!gift || !charge) return undefined;
    const [charity] = await tx.select({ name: charities.name }).from(charities).where(eq(charities.id, gift.charityId)).limit(1);
    return { gift, charge, charityName: charity?.name ?? 'a charity' };
  },

  /** The admin console's words for disputed months: the gift, the period, what was charged and by whom. */
  async monthSummaries(db: Executor, chargeIds: string[]) {
    if (!chargeIds.length) return [];
    return db
      .select({
        id: monthlyGiftCharges.id,
        giftId: monthlyGiftCharges.giftId,
        period: monthlyGiftCharges.period,
        amountCents: monthlyGiftCharges.amountCents,
        tipCents: monthlyGiftCharges.tipCents,
        charityName: charities.name,
        donorName: users.name,
        donorEmail: users.email,
      })
      .from(monthlyGiftCharges)
      .innerJoin(monthlyGifts, eq(monthlyGifts.id, monthlyGiftCharges.giftId))
      .innerJoin(charities, eq(charities.id, monthlyGifts.charityId))
      .leftJoin(users, eq(users.id, monthlyGifts.userId))
      .where(inArray(monthlyGiftCharges.id, chargeIds));
  },

  /**
   * A supporter's gifts not cancelled, locked (the gift first, as every writer locks it), each
   * with its charity's name: what a card removal checks before it lets a card go.
   */
  async lockRunningOf(db: Executor, userId: string) {
    const gifts = await db
      .select({
        id: monthlyGifts.id,
        paymentMethodId: monthlyGifts.paymentMethodId,
        amountCents: monthlyGifts.amountCents,
        tipCents: monthlyGifts.tipCents,
        charityId: monthlyGifts.charityId,
      })
      .from(monthlyGifts)
      .where(and(eq(monthlyGifts.userId, userId), ne(monthlyGifts.status, 'cancelled')))
      .orderBy(monthlyGifts.id)
      .for('update');
    if (!gifts.length) return [];
    const names = await db
      .select({ id: charities.id, name: charities.name })
      .from(charities)
      .where(
        inArray(
          charities.id,
          gifts.map((gift) => gift.charityId),
        ),
      );
    return gifts.map((gift) => ({ ...gift, charityName: names.find((row) => row.id === gift.charityId)?.name ?? 'a charity' }));
  },
  /** A charity's charged monthly gifts after `after`, oldest first, a page at a time, with the e-mail only where the gift shares it (the portal's CSV). */
  async chargedTo(db: Executor, charityId: string, after: { at: string; id: string } | null, pageSize: number) {
    const rows = await db
      .select({
        at: sql<string>`${monthlyGiftCharges.chargedAt}::text`,
        id: monthlyGiftCharges.id,
        chargedAt: monthlyGiftCharges.chargedAt,
        period: monthlyGiftCharges.period,
        amountCents: monthlyGiftCharges.amountCents,
        name: users.name,
        email: users.email,
        share: monthlyGifts.shareEmailWithCharity,
      })
      .from(monthlyGiftCharges)
      .innerJoin(monthlyGifts, eq(monthlyGifts.id, monthlyGiftCharges.giftId))
      .innerJoin(users, eq(users.id, monthlyGifts.userId))
      .where(
        and(
          eq(monthlyGifts.charityId, charityId),
          eq(monthlyGiftCharges.status, 'charged'),
          isNotNull(monthlyGiftCharges.chargedAt),
          after ? sql`(${monthlyGiftCharges.chargedAt}, ${monthlyGiftCharges.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(monthlyGiftCharges.chargedAt), asc(monthlyGiftCharges.id))
      .limit(pageSize);
    return rows.map(({ email, share, ...row }) => ({ ...row, chargedAt: row.chargedAt!, sharedEmail: share ? email : null }));
  },
  /** One period's charge with its gift, charity and donor: what a `monthly_gift.charged` webhook event describes. */
  async chargeWithGift(db: Executor, chargeId: string) {
    const [row] = await db
      .select({ charge: monthlyGiftCharges, gift: monthlyGifts, charityName: charities.name, donorName: users.name, donorEmail: users.email })
      .from(monthlyGiftCharges)
      .innerJoin(monthlyGifts, eq(monthlyGifts.id, monthlyGiftCharges.giftId))
      .innerJoin(charities, eq(charities.id, monthlyGifts.charityId))
      .innerJoin(users, eq(users.id, monthlyGifts.userId))
      .where(eq(monthlyGiftCharges.id, chargeId))
      .limit(1);
    return row;
  },
  /** The gifts, newest first, each with its charity, its card (null once removed) and its months, newest first. */
  async view(db: Executor, giftIds: string[]): Promise<MonthlyGift[]> {
    if (!giftIds.length) return [];
    const rows = await db
      .select({
        gift: monthlyGifts,
        charityName: charities.name,
        card: {
          id: paymentMethods.id,
          kind: paymentMethods.kind,
          brand: paymentMethods.brand,
          last4: paymentMethods.last4,
          detail: paymentMethods.detail,
          removedAt: paymentMethods.removedAt,
        },
      })
      .from(monthlyGifts)
      .innerJoin(charities, eq(charities.id, monthlyGifts.charityId))
      .leftJoin(paymentMethods, eq(paymentMethods.id, monthlyGifts.paymentMethodId))
      .where(inArray(monthlyGifts.id, giftIds))
      .orderBy(desc(monthlyGifts.createdAt));
    const charges = await db.select().from(monthlyGiftCharges).where(inArray(monthlyGiftCharges.giftId, giftIds)).orderBy(desc(monthlyGiftCharges.period));
    return rows.map(({ gift, charityName, card }) => ({
      _id: gift.id,
      charity_id: gift.charityId,
      charity_name: charityName,
      amount: centsToDollars(gift.amountCents),
      tip: centsToDollars(gift.tipCents),
      charge_day: gift.chargeDay,
      share_email_with_charity: gift.shareEmailWithCharity,
      status: gift.status,
      next_charge_at: gift.nextChargeAt?.toISOString() ?? null,
      card: card && !card.removedAt ? { _id: card.id, brand: card.brand, last4: card.last4, label: paymentMethodLabel(card) } : null,
      created_at: gift.createdAt.toISOString(),
      cancelled_at: gift.cancelledAt?.toISOString() ?? null,
      charges: charges
        .filter((charge) => charge.giftId === gift.id)
        .map((charge) => ({
          _id: charge.id,
          period: charge.period,
          due_at: charge.dueAt.toISOString(),
          amount: centsToDollars(charge.amountCents),
          tip: centsToDollars(charge.tipCents),
          status: charge.status,
          charged_at: charge.chargedAt?.toISOString() ?? null,
          failure_message: charge.failureMessage,
          next_retry_at: charge.nextRetryAt?.toISOString() ?? null,
        })),
    }));
  },
};
