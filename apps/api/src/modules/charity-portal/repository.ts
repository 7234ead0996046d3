import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { publicName } from '../../lib/public-name.ts';
import type { Executor } from '../../db/client.ts';
import { isAnyId } from '../../db/any-id.ts';
import { charities, events, ledgerEntries, pledges, users } from '../../db/schema.ts';
import { charityRecords, type CharityRow } from '../charities/index.ts';
import { charityInvitations, charityRepresentatives } from './tables.ts';

export type { CharityRow };
export type InvitationRow = typeof charityInvitations.$inferSelect;

/** The SQL of the charity portal: who represents which charity, invitations, and the charity's own money. */
export const portalRepository = {
  charity: (db: Executor, charityId: string): Promise<CharityRow | undefined> => charityRecords.find(db, charityId),
  lockCharity: (tx: Executor, charityId: string): Promise<CharityRow | undefined> => charityRecords.findForUpdate(tx, charityId),
  updateCharity: (tx: Executor, charityId: string, values: Partial<typeof charities.$inferInsert>): Promise<CharityRow> =>
    charityRecords.update(tx, charityId, values),
  async represents(db: Executor, charityId: string, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: charityRepresentatives.id })
      .from(charityRepresentatives)
      .where(and(eq(charityRepresentatives.charityId, charityId), eq(charityRepresentatives.userId, userId)))
      .limit(1);
    return Boolean(row);
  },
  charitiesOf(db: Executor, userId: string) {
    return db
      .select({ _id: charities.id, name: charities.name, logo: charities.logo })
      .from(charityRepresentatives)
      .innerJoin(charities, eq(charities.id, charityRepresentatives.charityId))
      .where(eq(charityRepresentatives.userId, userId))
      .orderBy(asc(charities.name));
  },
  representatives(db: Executor, charityId: string) {
    return db
      .select({ userId: users.id, name: users.name, email: users.email, since: charityRepresentatives.createdAt })
      .from(charityRepresentatives)
      .innerJoin(users, eq(users.id, charityRepresentatives.userId))
      .where(eq(charityRepresentatives.charityId, charityId))
      .orderBy(asc(charityRepresentatives.createdAt));
  },
  /** Adds the person once: a second acceptance (or a race of two) changes nothing. */
  async addRepresentative(tx: Executor, values: typeof charityRepresentatives.$inferInsert) {
    const [row] = await tx.insert(charityRepresentatives).values(values).onConflictDoNothing().returning();
    return row;
  },
  async removeRepresentative(tx: Executor, charityId: string, userId: string) {
    const [row] = await tx
      .delete(charityRepresentatives)
      .where(and(eq(charityRepresentatives.charityId, charityId), eq(charityRepresentatives.userId, userId)))
      .returning();
    return row;
  },

  async insertInvitation(tx: Executor, values: typeof charityInvitations.$inferInsert): Promise<InvitationRow> {
    const [row] = await tx.insert(charityInvitations).values(values).returning();
    return row!;
  },
  pendingInvitations(db: Executor, charityId: string, now: Date) {
    return db
      .select()
      .from(charityInvitations)
      .where(
        and(
          eq(charityInvitations.charityId, charityId),
          isNull(charityInvitations.acceptedAt),
          isNull(charityInvitations.revokedAt),
          gt(charityInvitations.expiresAt, now),
        ),
      )
      .orderBy(desc(charityInvitations.createdAt));
  },
  async invitationByHash(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({ invitation: charityInvitations, charityName: charities.name })
      .from(charityInvitations)
      .innerJoin(charities, eq(charities.id, charityInvitations.charityId))
      .where(eq(charityInvitations.tokenHash, tokenHash))
      .limit(1);
    return row;
  },
  async lockInvitation(tx: Executor, tokenHash: string): Promise<InvitationRow | undefined> {
    const [row] = await tx.select().from(charityInvitations).where(eq(charityInvitations.tokenHash, tokenHash)).for('update').limit(1);
    return row;
  },
  async markAccepted(tx: Executor, id: string, userId: string, at: Date) {
    await tx.update(charityInvitations).set({ acceptedAt: at, acceptedBy: userId }).where(eq(charityInvitations.id, id));
  },

  /** The charity's campaigns with what their charged pledges brought (tips apart) and the count. */
  async campaigns(db: Executor, charityId: string) {
    return db
      .select({
        id: events.id,
        name: events.name,
        status: events.status,
        chargedCents: sql<string>`coalesce(sum(${pledges.chargedCents}), 0)`,
        tipCents: sql<string>`coalesce(sum(${pledges.tipCents}) filter (where ${pledges.chargedCents} is not null), 0)`,
        chargedPledges: sql<string>`count(${pledges.chargedCents})`,
      })
      .from(events)
      .leftJoin(pledges, and(eq(pledges.eventId, events.id), isNotNull(pledges.chargedAt)))
      .where(eq(events.charityId, charityId))
      .groupBy(events.id)
      .orderBy(desc(events.createdAt));
  },
  /** What the ledger credits the charity per campaign (after fees, refunds and disputes); donations under null. */
  async creditedByCampaign(db: Executor, charityId: string): Promise<Map<string | null, number>> {
    const rows = await db
      .select({ eventId: ledgerEntries.eventId, cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.charityId, charityId), inArray(ledgerEntries.account, ['charity_payable', 'charity_paid'])))
      .groupBy(ledgerEntries.eventId);
    return new Map(rows.map((row) => [row.eventId, Number(row.cents)]));
  },
  /**
   * Charged pledges to the charity's campaigns after `after`, oldest first, a page at a time: the name as the supporter chose to be
   * shown (decision 112's rule) and the e-mail only where they agreed to share it with the charity.
   */
  async supporters(db: Executor, charityId: string, after: { at: string; id: string } | null, pageSize: number) {
    const rows = await db
      .select({
        at: sql<string>`${pledges.chargedAt}::text`,
        id: pledges.id,
        campaign: events.name,
        chargedAt: pledges.chargedAt,
        chargedCents: pledges.chargedCents,
        tipCents: pledges.tipCents,
        anonymous: pledges.anonymous,
        displayName: pledges.displayName,
        userName: users.name,
        email: users.email,
        share: pledges.shareEmailWithCharity,
      })
      .from(pledges)
      .innerJoin(events, eq(events.id, pledges.eventId))
      .leftJoin(users, eq(users.id, pledges.userId))
      .where(
        and(
          eq(events.charityId, charityId),
          isNotNull(pledges.chargedAt),
          isNotNull(pledges.chargedCents),
          after ? sql`(${pledges.chargedAt}, ${pledges.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(pledges.chargedAt), asc(pledges.id))
      .limit(pageSize);
    return rows.map((row) => ({
      at: row.at,
      id: row.id,
      campaign: row.campaign,
      chargedAt: row.chargedAt!,
      giftCents: Number(row.chargedCents) - Number(row.tipCents),
      name: publicName(row),
      sharedEmail: row.share && row.email ? row.email : null,
    }));
  },
  /** Public names of these pledges, by id (the pledges a payout carried). */
  async publicNames(db: Executor, pledgeIds: string[]): Promise<Map<string, string>> {
    if (!pledgeIds.length) return new Map();
    const rows = await db
      .select({ id: pledges.id, anonymous: pledges.anonymous, displayName: pledges.displayName, userName: users.name })
      .from(pledges)
      .leftJoin(users, eq(users.id, pledges.userId))
      .where(isAnyId(pledges.id, pledgeIds));
    return new Map(rows.map((row) => [row.id, publicName(row)]));
  },
};
