import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, pledges, users } from '../../db/schema.ts';
import { countedPledges } from '../event-reads/index.ts';
import { fundraisingPages } from './tables.ts';
import type { CampaignRow } from '../event-records/index.ts';

export type PageRow = typeof fundraisingPages.$inferSelect;
export type NewPage = typeof fundraisingPages.$inferInsert;

export interface PageWithTotals {
  page: PageRow;
  owner: { name: string; image: string };
  event: Pick<CampaignRow, 'id' | 'name' | 'status' | 'bannerImage' | 'ownerId'>;
  raisedCents: number;
  supporters: number;
}

/** Counted pledges made through each page, as the campaign's own totals count them. */
function pageTotals(db: Executor) {
  return db
    .select({
      pageId: sql<string>`${pledges.fundraisingPageId}`.as('page_id'),
      raised: sql<string>`coalesce(sum(${pledges.amountCents}), 0)`.as('page_raised'),
      supporters: sql<string>`count(distinct ${pledges.userId})`.as('page_supporters'),
    })
    .from(pledges)
    .where(and(sql`${pledges.fundraisingPageId} is not null`, countedPledges()))
    .groupBy(pledges.fundraisingPageId)
    .as('page_totals');
}

async function listWithTotals(db: Executor, where: SQL | undefined, order: 'raised' | 'newest'): Promise<PageWithTotals[]> {
  const totals = pageTotals(db);
  const raised = sql<string>`coalesce(${totals.raised}, 0)`;
  const rows = await db
    .select({
      page: fundraisingPages,
      owner: { name: users.name, image: users.image },
      event: { id: events.id, name: events.name, status: events.status, bannerImage: events.bannerImage, ownerId: events.ownerId },
      raised,
      supporters: sql<string>`coalesce(${totals.supporters}, 0)`,
    })
    .from(fundraisingPages)
    .innerJoin(users, eq(users.id, fundraisingPages.ownerId))
    .innerJoin(events, eq(events.id, fundraisingPages.eventId))
    .leftJoin(totals, eq(totals.pageId, fundraisingPages.id))
    .where(where)
    .orderBy(...(order === 'raised' ? [desc(raised), asc(fundraisingPages.createdAt)] : [desc(fundraisingPages.createdAt)]), asc(fundraisingPages.id));
  return rows.map((row) => ({ ...row, raisedCents: Number(row.raised), supporters: Number(row.supporters) }));
}

/** SQL of fundraising pages: the pages, their leaderboard, and the pledges made through them. */
export const fundraisingPagesRepository = {
  /** Saves the page, or nothing when its slug or this person's page for the campaign exists (the unique indexes decide). */
  async insert(tx: Executor, values: NewPage): Promise<PageRow | undefined> {
    const [row] = await tx.insert(fundraisingPages).values(values).onConflictDoNothing().returning();
    return row;
  },

  async slugTaken(db: Executor, slug: string): Promise<boolean> {
    const [row] = await db.select({ id: fundraisingPages.id }).from(fundraisingPages).where(eq(fundraisingPages.slug, slug)).limit(1);
    return Boolean(row);
  },

  async bySlug(db: Executor, slug: string): Promise<PageWithTotals | undefined> {
    const [row] = await listWithTotals(db, eq(fundraisingPages.slug, slug), 'newest');
    return row;
  },

  async byId(db: Executor, pageId: string): Promise<PageWithTotals | undefined> {
    const [row] = await listWithTotals(db, eq(fundraisingPages.id, pageId), 'newest');
    return row;
  },

  /** A campaign's pages, most raised first; without the hidden ones unless asked. */
  forCampaign(db: Executor, eventId: string, options: { includeHidden: boolean }): Promise<PageWithTotals[]> {
    const where = options.includeHidden ? eq(fundraisingPages.eventId, eventId) : and(eq(fundraisingPages.eventId, eventId), isNull(fundraisingPages.hiddenAt));
    return listWithTotals(db, where, 'raised');
  },

  /** A person's own pages, newest first, hidden ones included. */
  ofOwner(db: Executor, ownerId: string): Promise<PageWithTotals[]> {
    return listWithTotals(db, eq(fundraisingPages.ownerId, ownerId), 'newest');
  },

  /** A page with its campaign, locked for the host's hide or show, or the owner's edit, close or reopen. */
  async lockWithCampaign(tx: Executor, pageId: string): Promise<{ page: PageRow; event: CampaignRow } | undefined> {
    const [row] = await tx
      .select({ page: fundraisingPages, event: events })
      .from(fundraisingPages)
      .innerJoin(events, eq(events.id, fundraisingPages.eventId))
      .where(eq(fundraisingPages.id, pageId))
      .for('update', { of: fundraisingPages })
      .limit(1);
    return row;
  },

  async update(tx: Executor, pageId: string, values: Pick<NewPage, 'title' | 'story' | 'targetCents'> & { image?: string }): Promise<void> {
    await tx.update(fundraisingPages).set(values).where(eq(fundraisingPages.id, pageId));
  },

  async setHidden(tx: Executor, pageId: string, hiddenAt: Date | null): Promise<void> {
    await tx.update(fundraisingPages).set({ hiddenAt }).where(eq(fundraisingPages.id, pageId));
  },

  async setClosed(tx: Executor, pageId: string, closedAt: Date | null): Promise<void> {
    await tx.update(fundraisingPages).set({ closedAt }).where(eq(fundraisingPages.id, pageId));
  },

  /**
   * The shown, open page of this campaign a new pledge is made through, share-locked inside the
   * pledge's transaction so a hide or close in flight either lands before (no attribution) or waits
   * for the pledge.
   */
  /** Each page's title and slug, whatever its state: what a record of a pledge made through it names. */
  titlesOf(db: Executor, pageIds: string[]): Promise<Array<{ id: string; title: string; slug: string }>> {
    if (!pageIds.length) return Promise.resolve([]);
    return db
      .select({ id: fundraisingPages.id, title: fundraisingPages.title, slug: fundraisingPages.slug })
      .from(fundraisingPages)
      .where(inArray(fundraisingPages.id, pageIds));
  },
  async shownPageOf(tx: Executor, pageId: string, eventId: string): Promise<{ page: PageRow; ownerEmail: string } | undefined> {
    const [row] = await tx
      .select({ page: fundraisingPages, ownerEmail: users.email })
      .from(fundraisingPages)
      .innerJoin(users, eq(users.id, fundraisingPages.ownerId))
      .where(and(eq(fundraisingPages.id, pageId), eq(fundraisingPages.eventId, eventId), isNull(fundraisingPages.hiddenAt), isNull(fundraisingPages.closedAt)))
      .for('share', { of: fundraisingPages })
      .limit(1);
    return row;
  },

  /** Counted pledges through these pages, newest first, with the supporter's name. */
  supportersOf(db: Executor, pageIds: string[]) {
    if (!pageIds.length) return Promise.resolve([]);
    return db
      .select({ pledge: pledges, name: users.name })
      .from(pledges)
      .leftJoin(users, eq(users.id, pledges.userId))
      .where(and(inArray(pledges.fundraisingPageId, pageIds), countedPledges()))
      .orderBy(desc(pledges.createdAt), desc(pledges.id));
  },
};
