import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isAnyId } from '../../db/any-id.ts';
import { events, pledges, users } from '../../db/schema.ts';
import { hasMoneyTrail } from '../ledger/index.ts';

/** SQL of the life cycle; every function takes the caller's transaction. */
export const lifecycleRepository = {
  async ownerEmail(tx: Executor, ownerId: string): Promise<string | undefined> {
    const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, ownerId)).limit(1);
    return row?.email;
  },
  /** The creator's funding pledge of a campaign, if any. */
  async creatorPledge(tx: Executor, eventId: string) {
    const [row] = await tx
      .select()
      .from(pledges)
      .where(and(eq(pledges.eventId, eventId), eq(pledges.isCreatorPledge, true), ne(pledges.status, 'dropped')))
      .limit(1);
    return row;
  },
  /** The e-mail address of each of these users (a deleted account has none). */
  async emailsOf(tx: Executor, userIds: string[]): Promise<Map<string, string>> {
    if (!userIds.length) return new Map();
    const rows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(isAnyId(users.id, [...new Set(userIds)]));
    return new Map(rows.map((row) => [row.id, row.email]));
  },
  /** Campaign totals counted for an all-or-nothing target: pledges still valid. */
  async countedTotalCents(tx: Executor, eventId: string): Promise<number> {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${pledges.amountCents}), 0)` })
      .from(pledges)
      .where(and(eq(pledges.eventId, eventId), inArray(pledges.status, ['pending', 'charged', 'failed'])));
    return Number(row?.total ?? 0);
  },
  /** A campaign with a money trail (`hasMoneyTrail`) keeps its row when it is deleted. */
  async hasMoneyHistory(db: Executor, eventId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, eventId), hasMoneyTrail(db, events.id)))
      .limit(1);
    return Boolean(row);
  },
};
