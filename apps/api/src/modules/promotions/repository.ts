import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, pledges, users } from '../../db/schema.ts';
import { countedPledges } from '../event-reads/index.ts';
import { promotionPledges, promotions } from './tables.ts';
import type { CampaignRow } from '../event-records/index.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type PromotionStatus = PromotionRow['status'];

export interface PromotionWithPromoter {
  promotion: PromotionRow;
  promoter: { id: string; name: string; image: string };
  pledges: number;
  raisedCents: number;
}

/** Pledges credited to each promotion: the counted ones, as the campaign totals count them. */
function attributionTotals(db: Executor) {
  return db
    .select({
      promotionId: promotionPledges.promotionId,
      pledges: sql<string>`count(*)`.as('attributed_pledges'),
      raised: sql<string>`coalesce(sum(${pledges.amountCents}), 0)`.as('attributed_raised'),
    })
    .from(promotionPledges)
    .innerJoin(pledges, eq(pledges.id, promotionPledges.pledgeId))
    .where(countedPledges())
    .groupBy(promotionPledges.promotionId)
    .as('attributed');
}

/** SQL of Third-Party Promotion: requests, the host's answers, and the pledges credited to a link. */
export const promotionsRepository = {
  /** Saves the request, or nothing when this person already has one for this campaign. */
  async insert(tx: Executor, values: typeof promotions.$inferInsert): Promise<PromotionRow | undefined> {
    const [row] = await tx.insert(promotions).values(values).onConflictDoNothing().returning();
    return row;
  },

  async findOf(db: Executor, eventId: string, promoterId: string): Promise<PromotionRow | undefined> {
    const [row] = await db
      .select()
      .from(promotions)
      .where(and(eq(promotions.eventId, eventId), eq(promotions.promoterId, promoterId)))
      .limit(1);
    return row;
  },

  /** A promotion with its campaign, locked for the host's answer. */
  async lockWithCampaign(tx: Executor, promotionId: string): Promise<{ promotion: PromotionRow; event: CampaignRow } | undefined> {
    const [row] = await tx
      .select({ promotion: promotions, event: events })
      .from(promotions)
      .innerJoin(events, eq(events.id, promotions.eventId))
      .where(eq(promotions.id, promotionId))
      .for('update', { of: promotions })
      .limit(1);
    return row;
  },

  async update(tx: Executor, promotionId: string, values: Partial<Pick<PromotionRow, 'status' | 'answeredAt' | 'endedAt'>>): Promise<PromotionRow> {
    const [row] = await tx.update(promotions).set(values).where(eq(promotions.id, promotionId)).returning();
    return row!;
  },

  /** A campaign's promotions in the given states, oldest first, with the promoter and their credited pledges. */
  async listForCampaign(db: Executor, eventId: string, statuses: readonly PromotionStatus[]): Promise<PromotionWithPromoter[]> {
    const attributed = attributionTotals(db);
    const rows = await db
      .select({
        promotion: promotions,
        promoter: { id: users.id, name: users.name, image: users.image },
        pledges: attributed.pledges,
        raised: attributed.raised,
      })
      .from(promotions)
      .innerJoin(users, eq(users.id, promotions.promoterId))
      .leftJoin(attributed, eq(attributed.promotionId, promotions.id))
      .where(and(eq(promotions.eventId, eventId), inArray(promotions.status, [...statuses])))
      .orderBy(promotions.createdAt, promotions.id);
    return rows.map((row) => ({ promotion: row.promotion, promoter: row.promoter, pledges: Number(row.pledges ?? 0), raisedCents: Number(row.raised ?? 0) }));
  },

  /** One person's promotions in the given states on campaigns of the given statuses, newest first, with the campaign. */
  async listForPromoter(db: Executor, promoterId: string, statuses: readonly PromotionStatus[], eventStatuses: readonly CampaignRow['status'][]) {
    const attributed = attributionTotals(db);
    const rows = await db
      .select({ promotion: promotions, event: events, pledges: attributed.pledges, raised: attributed.raised })
      .from(promotions)
      .innerJoin(events, eq(events.id, promotions.eventId))
      .leftJoin(attributed, eq(attributed.promotionId, promotions.id))
      .where(and(eq(promotions.promoterId, promoterId), inArray(promotions.status, [...statuses]), inArray(events.status, [...eventStatuses])))
      .orderBy(desc(promotions.createdAt), desc(promotions.id));
    return rows.map((row) => ({ promotion: row.promotion, event: row.event, pledges: Number(row.pledges ?? 0), raisedCents: Number(row.raised ?? 0) }));
  },

  async attributionOf(db: Executor, promotionId: string): Promise<{ pledges: number; raisedCents: number }> {
    const [row] = await db
      .select({ pledges: sql<string>`count(*)`, raised: sql<string>`coalesce(sum(${pledges.amountCents}), 0)` })
      .from(promotionPledges)
      .innerJoin(pledges, eq(pledges.id, promotionPledges.pledgeId))
      .where(and(eq(promotionPledges.promotionId, promotionId), countedPledges()));
    return { pledges: Number(row?.pledges ?? 0), raisedCents: Number(row?.raised ?? 0) };
  },

  /**
   * The accepted promotion `via` names on this campaign, share-locked so the host's "end" waits for
   * the pledge being credited; undefined for anything else.
   */
  async acceptedOn(tx: Executor, promotionId: string, eventId: string): Promise<PromotionRow | undefined> {
    const [row] = await tx
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, promotionId), eq(promotions.eventId, eventId), eq(promotions.status, 'accepted')))
      .for('share')
      .limit(1);
    return row;
  },

  async credit(tx: Executor, pledgeId: string, promotionId: string): Promise<void> {
    await tx.insert(promotionPledges).values({ pledgeId, promotionId }).onConflictDoNothing();
  },
};
