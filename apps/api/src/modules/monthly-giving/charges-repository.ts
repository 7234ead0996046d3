import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { charities, paymentMethods, users } from '../../db/schema.ts';
import { monthlyGiftCharges, monthlyGifts } from './tables.ts';

export type GiftRow = typeof monthlyGifts.$inferSelect;
export type GiftChargeRow = typeof monthlyGiftCharges.$inferSelect;
type GiftChanges = Partial<typeof monthlyGifts.$inferInsert>;
type ChargeChanges = Partial<typeof monthlyGiftCharges.$inferInsert>;
type ChargeStatus = GiftChargeRow['status'];

/**
 * Monthly giving's writes and the reads they rest on (decision 140): the gifts and their months,
 * locked in one order (the gift, then its month) so no two writers deadlock.
 */
export const monthlyChargesRepository = {
  /** The gift and its period's charge, locked in that order (every writer locks the gift first, so none deadlock). */
  async lockGiftAndCharge(tx: Executor, chargeId: string): Promise<{ gift: GiftRow; charge: GiftChargeRow } | undefined> {
    const [ref] = await tx.select({ giftId: monthlyGiftCharges.giftId }).from(monthlyGiftCharges).where(eq(monthlyGiftCharges.id, chargeId)).limit(1);
    if (!ref) return undefined;
    const [gift] = await tx.select().from(monthlyGifts).where(eq(monthlyGifts.id, ref.giftId)).for('update');
    const [charge] = await tx.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.id, chargeId)).for('update');
    return gift && charge ? { gift, charge } : undefined;
  },

  async lockGift(tx: Executor, giftId: string): Promise<GiftRow | undefined> {
    const [gift] = await tx.select().from(monthlyGifts).where(eq(monthlyGifts.id, giftId)).for('update');
    return gift;
  },

  /** The supporter's own gift, locked; undefined for anyone else's. */
  async lockOwnGift(tx: Executor, userId: string, giftId: string): Promise<GiftRow | undefined> {
    const [gift] = await tx
      .select()
      .from(monthlyGifts)
      .where(and(eq(monthlyGifts.id, giftId), eq(monthlyGifts.userId, userId)))
      .for('update');
    return gift;
  },

  /** The gift's months in `statuses`, locked (the caller holds the gift's lock). */
  lockChargesOf(tx: Executor, giftId: string, statuses: ChargeStatus[]): Promise<GiftChargeRow[]> {
    return tx
      .select()
      .from(monthlyGiftCharges)
      .where(and(eq(monthlyGiftCharges.giftId, giftId), inArray(monthlyGiftCharges.status, statuses)))
      .for('update');
  },

  async chargeById(db: Executor, chargeId: string): Promise<GiftChargeRow | undefined> {
    const [row] = await db.select().from(monthlyGiftCharges).where(eq(monthlyGiftCharges.id, chargeId)).limit(1);
    return row;
  },

  async giftIdsOf(db: Executor, userId: string): Promise<string[]> {
    return (await db.select({ id: monthlyGifts.id }).from(monthlyGifts).where(eq(monthlyGifts.userId, userId))).map((row) => row.id);
  },

  /** A new gift, or undefined when the supporter already has one running for the charity (the partial unique index). */
  async insertGift(tx: Executor, values: typeof monthlyGifts.$inferInsert): Promise<GiftRow | undefined> {
    const [gift] = await tx.insert(monthlyGifts).values(values).onConflictDoNothing().returning();
    return gift;
  },

  async insertCharge(tx: Executor, values: typeof monthlyGiftCharges.$inferInsert): Promise<GiftChargeRow> {
    const [charge] = await tx.insert(monthlyGiftCharges).values(values).returning();
    return charge!;
  },

  /** Opens a period's charge once: a second insert of the same gift and period does nothing. Returns how many were inserted. */
  async openPeriod(tx: Executor, values: typeof monthlyGiftCharges.$inferInsert): Promise<number> {
    const inserted = await tx
      .insert(monthlyGiftCharges)
      .values(values)
      .onConflictDoNothing({ target: [monthlyGiftCharges.giftId, monthlyGiftCharges.period] })
      .returning({ id: monthlyGiftCharges.id });
    return inserted.length;
  },

  async updateGift(tx: Executor, giftId: string, changes: GiftChanges): Promise<void> {
    await tx.update(monthlyGifts).set(changes).where(eq(monthlyGifts.id, giftId));
  },

  async updateCharge(tx: Executor, chargeId: string, changes: ChargeChanges): Promise<GiftChargeRow> {
    const [row] = await tx.update(monthlyGiftCharges).set(changes).where(eq(monthlyGiftCharges.id, chargeId)).returning();
    return row!;
  },

  async updateCharges(tx: Executor, chargeIds: string[], changes: ChargeChanges): Promise<void> {
    if (chargeIds.length) await tx.update(monthlyGiftCharges).set(changes).where(inArray(monthlyGiftCharges.id, chargeIds));
  },

  /**
   * Cancels the given waiting months; a pending one with a lapsed claim may have reached the
   * provider, so it stays to be settled.
   */
  async cancelWaiting(tx: Executor, chargeIds: string[]): Promise<void> {
    if (!chargeIds.length) return;
    await tx
      .update(monthlyGiftCharges)
      .set({ status: 'cancelled', nextRetryAt: null, attemptStartedAt: null, attemptFirstClaimedAt: null })
      .where(
        and(
          inArray(monthlyGiftCharges.id, chargeIds),
          or(eq(monthlyGiftCharges.status, 'failed'), eq(monthlyGiftCharges.status, 'action_required'), isNull(monthlyGiftCharges.attemptStartedAt)),
        ),
      );
  },

  /** Ends a claim's lease now, if the attempt is still the one claimed and unrecorded. */
  async endLease(db: Executor, chargeId: string, attempt: number, lapsedAt: Date): Promise<void> {
    await db
      .update(monthlyGiftCharges)
      .set({ attemptStartedAt: lapsedAt })
      .where(and(eq(monthlyGiftCharges.id, chargeId), eq(monthlyGiftCharges.status, 'pending'), eq(monthlyGiftCharges.attempt, attempt)));
  },

  /** Brings the gift's declined months' retries forward to `now`; returns how many. */
  async bringRetriesForward(tx: Executor, giftId: string, now: Date): Promise<number> {
    const rows = await tx
      .update(monthlyGiftCharges)
      .set({ nextRetryAt: now })
      .where(and(eq(monthlyGiftCharges.giftId, giftId), eq(monthlyGiftCharges.status, 'failed')))
      .returning({ id: monthlyGiftCharges.id });
    return rows.length;
  },

  async latestPeriod(tx: Executor, giftId: string): Promise<string | null> {
    const [row] = await tx
      .select({ period: monthlyGiftCharges.period })
      .from(monthlyGiftCharges)
      .where(eq(monthlyGiftCharges.giftId, giftId))
      .orderBy(desc(monthlyGiftCharges.period))
      .limit(1);
    return row?.period ?? null;
  },

  /** Gifts (running or paused) whose next charge is due at `now`, the longest waiting first. */
  async dueGiftIds(db: Executor, now: Date, limit: number, giftIds?: string[]): Promise<string[]> {
    const rows = await db
      .select({ id: monthlyGifts.id })
      .from(monthlyGifts)
      .where(
        and(inArray(monthlyGifts.status, ['active', 'paused']), lte(monthlyGifts.nextChargeAt, now), giftIds ? inArray(monthlyGifts.id, giftIds) : undefined),
      )
      .orderBy(asc(monthlyGifts.nextChargeAt))
      .limit(limit);
    return rows.map((row) => row.id);
  },

  /** Charges waiting for a try: new ones and abandoned claims (claimed before `staleBefore`), and declined ones whose retry is due. */
  async chargesToTry(db: Executor, now: Date, staleBefore: Date, limit: number, giftIds?: string[]): Promise<string[]> {
    const rows = await db
      .select({ id: monthlyGiftCharges.id })
      .from(monthlyGiftCharges)
      .innerJoin(monthlyGifts, eq(monthlyGifts.id, monthlyGiftCharges.giftId))
      .where(
        and(
          eq(monthlyGifts.status, 'active'),
          giftIds ? inArray(monthlyGifts.id, giftIds) : undefined,
          or(
            and(
              eq(monthlyGiftCharges.status, 'pending'),
              or(isNull(monthlyGiftCharges.attemptStartedAt), lt(monthlyGiftCharges.attemptStartedAt, staleBefore)),
            ),
            and(eq(monthlyGiftCharges.status, 'failed'), lte(monthlyGiftCharges.nextRetryAt, now)),
          ),
        ),
      )
      .orderBy(asc(monthlyGiftCharges.dueAt), sql`${monthlyGiftCharges.id}`)
      .limit(limit);
    return rows.map((row) => row.id);
  },

  async paymentMethod(db: Executor, id: string) {
    const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1);
    return method;
  },

  /** The supporter's saved card `id` with the provider in use, if it is still saved. */
  async activeCardOf(db: Executor, userId: string, id: string, provider: string) {
    const [card] = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt), eq(paymentMethods.provider, provider)))
      .limit(1);
    return card;
  },

  async charity(db: Executor, charityId: string) {
    const [charity] = await db.select().from(charities).where(eq(charities.id, charityId)).limit(1);
    return charity;
  },

  async charityName(db: Executor, charityId: string): Promise<string | undefined> {
    const [charity] = await db.select({ name: charities.name }).from(charities).where(eq(charities.id, charityId)).limit(1);
    return charity?.name;
  },

  async person(db: Executor, userId: string): Promise<{ email: string; name: string } | undefined> {
    const [person] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
    return person;
  },

  /** A supporter's charged months, oldest first, with the charity as a tax receipt names it (giving statements). */
  chargedBy(db: Executor, userId: string) {
    return db
      .select({
        id: monthlyGiftCharges.id,
        chargedAt: monthlyGiftCharges.chargedAt,
        amountCents: monthlyGiftCharges.amountCents,
        tipCents: monthlyGiftCharges.tipCents,
        charityName: charities.name,
        legalName: charities.legalName,
        registrationNumber: charities.registrationNumber,
        address: charities.address,
      })
      .from(monthlyGiftCharges)
      .innerJoin(monthlyGifts, eq(monthlyGifts.id, monthlyGiftCharges.giftId))
      .innerJoin(charities, eq(charities.id, monthlyGifts.charityId))
      .where(and(eq(monthlyGifts.userId, userId), eq(monthlyGiftCharges.status, 'charged')))
      .orderBy(monthlyGiftCharges.chargedAt);
  },
};
