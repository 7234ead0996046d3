import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { events, pledges, users } from '../../db/schema.ts';

/** Where the next page starts: the last row's instant as PostgreSQL writes it (microseconds kept), and its id. */
export type ExportCursor = { createdAt: string; id: string };

/** SQL of the exports: the campaign asked for, and its pledges a page at a time. */
export const exportsRepository = {
  async campaign(db: Executor, eventId: string): Promise<{ id: string; name: string; ownerId: string } | undefined> {
    const [row] = await db.select({ id: events.id, name: events.name, ownerId: events.ownerId }).from(events).where(eq(events.id, eventId)).limit(1);
    return row;
  },

  /** A campaign's pledges after `after`, oldest first, each with its supporter's account name and e-mail. */
  pledgesPage(db: Executor, eventId: string, after: ExportCursor | null, pageSize: number) {
    return db
      .select({
        pledge: pledges,
        at: sql<string>`${pledges.createdAt}::text`,
        accountName: users.name,
        accountEmail: users.email,
      })
      .from(pledges)
      .leftJoin(users, eq(users.id, pledges.userId))
      .where(
        and(
          eq(pledges.eventId, eventId),
          after ? sql`(${pledges.createdAt}, ${pledges.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(pledges.createdAt), asc(pledges.id))
      .limit(pageSize);
  },
};
