import { and, asc, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pledges, users } from '../../db/schema.ts';
import { campaignUpdates, updateComments } from './tables.ts';

export type UpdateRow = typeof campaignUpdates.$inferSelect;
export type NewUpdate = typeof campaignUpdates.$inferInsert;
export type CommentRow = typeof updateComments.$inferSelect & { authorName: string | null };

/** Pledges that no longer tie a supporter to a campaign: dropped after failed charges, or released. */
const LAPSED_PLEDGE_STATUSES = ['dropped', 'released'] as const;

const commentColumns = {
  id: updateComments.id,
  updateId: updateComments.updateId,
  userId: updateComments.userId,
  body: updateComments.body,
  hiddenAt: updateComments.hiddenAt,
  hiddenBy: updateComments.hiddenBy,
  createdAt: updateComments.createdAt,
  authorName: users.name,
};

/** SQL of campaign updates and their comments; every function takes a transaction or the database. */
export const updatesRepository = {
  async insertUpdate(db: Executor, values: NewUpdate) {
    const [row] = await db.insert(campaignUpdates).values(values).returning();
    return row!;
  },

  async findUpdate(db: Executor, id: string) {
    const [row] = await db.select().from(campaignUpdates).where(eq(campaignUpdates.id, id)).limit(1);
    return row;
  },

  /** Newest first; ties (same instant) by id so the order is stable. */
  async updatesOf(db: Executor, eventId: string) {
    return db.select().from(campaignUpdates).where(eq(campaignUpdates.eventId, eventId)).orderBy(desc(campaignUpdates.createdAt), desc(campaignUpdates.id));
  },

  /** Comments of these updates, oldest first; hidden ones only when `includeHidden`. */
  async commentsOf(db: Executor, updateIds: string[], includeHidden: boolean): Promise<CommentRow[]> {
    if (!updateIds.length) return [];
    return db
      .select(commentColumns)
      .from(updateComments)
      .leftJoin(users, eq(users.id, updateComments.userId))
      .where(and(inArray(updateComments.updateId, updateIds), includeHidden ? undefined : isNull(updateComments.hiddenAt)))
      .orderBy(asc(updateComments.createdAt), asc(updateComments.id));
  },

  async insertComment(db: Executor, values: { updateId: string; userId: string; body: string }): Promise<CommentRow> {
    const [row] = await db.insert(updateComments).values(values).returning({ id: updateComments.id });
    return (await this.findComment(db, row!.id))!;
  },

  async findComment(db: Executor, id: string): Promise<CommentRow | undefined> {
    const [row] = await db
      .select(commentColumns)
      .from(updateComments)
      .leftJoin(users, eq(users.id, updateComments.userId))
      .where(eq(updateComments.id, id))
      .limit(1);
    return row;
  },

  async hideComment(db: Executor, id: string, hiddenBy: string) {
    await db
      .update(updateComments)
      .set({ hiddenAt: new Date(), hiddenBy })
      .where(and(eq(updateComments.id, id), isNull(updateComments.hiddenAt)));
  },

  /** True when the user has a pledge on the campaign that is neither dropped nor released. */
  async isSupporter(db: Executor, eventId: string, userId: string) {
    const [row] = await db
      .select({ id: pledges.id })
      .from(pledges)
      .where(and(eq(pledges.eventId, eventId), eq(pledges.userId, userId), notInArray(pledges.status, [...LAPSED_PLEDGE_STATUSES])))
      .limit(1);
    return Boolean(row);
  },

  /**
   * Who hears about an update: each distinct supporter who ticked "e-mail me updates" on a pledge
   * that still stands, once, whatever the number of pledges; disabled accounts are left out.
   */
  async updateRecipients(db: Executor, eventId: string) {
    return db
      .selectDistinct({ userId: users.id, email: users.email, name: users.name })
      .from(pledges)
      .innerJoin(users, eq(users.id, pledges.userId))
      .where(
        and(eq(pledges.eventId, eventId), eq(pledges.notifyUpdates, true), notInArray(pledges.status, [...LAPSED_PLEDGE_STATUSES]), isNull(users.disabledAt)),
      )
      .orderBy(asc(users.id));
  },
};
