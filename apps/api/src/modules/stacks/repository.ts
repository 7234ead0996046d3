import { and, asc, desc, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, users } from '../../db/schema.ts';
import { stackCampaigns, stacks } from './tables.ts';
import type { CampaignRow } from '../event-records/index.ts';

export type StackRow = typeof stacks.$inferSelect;

/** Campaigns a stack page shows: the ones the public can open (live, frozen by an admin, completed). */
export const STACK_PAGE_STATUSES = ['approved', 'freeze', 'completed'] as const;

/** SQL of Event Stacking. */
export const stacksRepository = {
  async insert(tx: Executor, values: typeof stacks.$inferInsert): Promise<StackRow> {
    const [row] = await tx.insert(stacks).values(values).returning();
    return row!;
  },

  async find(db: Executor, stackId: string): Promise<StackRow | undefined> {
    const [row] = await db.select().from(stacks).where(eq(stacks.id, stackId)).limit(1);
    return row;
  },

  /** The stack, locked for its owner's edit: two edits at once apply one after the other. */
  async lock(tx: Executor, stackId: string): Promise<StackRow | undefined> {
    const [row] = await tx.select().from(stacks).where(eq(stacks.id, stackId)).for('update').limit(1);
    return row;
  },

  async update(tx: Executor, stackId: string, values: Pick<StackRow, 'title' | 'description'>): Promise<StackRow> {
    const [row] = await tx
      .update(stacks)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(stacks.id, stackId))
      .returning();
    return row!;
  },

  async remove(tx: Executor, stackId: string): Promise<void> {
    await tx.delete(stacks).where(eq(stacks.id, stackId));
  },

  /** The stack's campaigns become exactly these, in this order. */
  async setCampaigns(tx: Executor, stackId: string, eventIds: string[]): Promise<void> {
    await tx.delete(stackCampaigns).where(eq(stackCampaigns.stackId, stackId));
    await tx.insert(stackCampaigns).values(eventIds.map((eventId, position) => ({ stackId, eventId, position })));
  },

  /** These campaigns as stored, whoever owns them (the service checks owner and status). */
  campaignsByIds(db: Executor, eventIds: string[]): Promise<CampaignRow[]> {
    return db.select().from(events).where(inArray(events.id, eventIds));
  },

  /** A stack's campaigns in page order; only published ones unless `all`. */
  campaignsOf(db: Executor, stackId: string, options: { all?: boolean } = {}): Promise<CampaignRow[]> {
    const published = options.all ? undefined : inArray(events.status, [...STACK_PAGE_STATUSES]);
    return db
      .select({ event: events })
      .from(stackCampaigns)
      .innerJoin(events, eq(events.id, stackCampaigns.eventId))
      .where(and(eq(stackCampaigns.stackId, stackId), published))
      .orderBy(asc(stackCampaigns.position))
      .then((rows) => rows.map((row) => row.event));
  },

  /** An owner's stacks, newest first, each with every campaign in it (for editing). */
  async ofOwner(db: Executor, ownerId: string) {
    const rows = await db.select().from(stacks).where(eq(stacks.ownerId, ownerId)).orderBy(desc(stacks.createdAt), desc(stacks.id));
    const campaigns = rows.length
      ? await db
          .select({ stackId: stackCampaigns.stackId, id: events.id, name: events.name, status: events.status })
          .from(stackCampaigns)
          .innerJoin(events, eq(events.id, stackCampaigns.eventId))
          .where(
            inArray(
              stackCampaigns.stackId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(stackCampaigns.position))
      : [];
    return rows.map((stack) => ({ stack, campaigns: campaigns.filter((campaign) => campaign.stackId === stack.id) }));
  },

  /** The owner's public name, unless the account is disabled (then the stack has no page). */
  async activeOwner(db: Executor, userId: string): Promise<{ id: string; name: string } | undefined> {
    const [row] = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.disabledAt)))
      .limit(1);
    return row;
  },

  /** Stacks with a page (at least one published campaign, an active owner), newest change first: the sitemap's. */
  publicIds(db: Executor, limit: number): Promise<Array<{ id: string; updatedAt: Date }>> {
    const shown = db
      .select({ one: sql`1` })
      .from(stackCampaigns)
      .innerJoin(events, eq(events.id, stackCampaigns.eventId))
      .where(and(eq(stackCampaigns.stackId, stacks.id), inArray(events.status, [...STACK_PAGE_STATUSES])));
    return db
      .select({ id: stacks.id, updatedAt: stacks.updatedAt })
      .from(stacks)
      .innerJoin(users, eq(users.id, stacks.ownerId))
      .where(and(isNull(users.disabledAt), exists(shown)))
      .orderBy(desc(stacks.updatedAt))
      .limit(limit);
  },
};
