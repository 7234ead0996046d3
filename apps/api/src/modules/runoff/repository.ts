import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { participants, pledges } from '../../db/schema.ts';
import { runoffResults } from './tables.ts';

type ResultRow = typeof runoffResults.$inferInsert;

/** Pledges that count in a runoff's totals (decision 004): still valid. */
const COUNTED = ['pending', 'charged', 'failed'] as const;

/** SQL of runoffs: what the creator's choice and the settlement check, and the kept result. */
export const runoffRepository = {
  /** Whether the charge run has settled the runoff (it writes the result as it starts; the choice is final then). */
  async isSettled(tx: Executor, eventId: string): Promise<boolean> {
    const rows = await tx.select({ id: runoffResults.participantId }).from(runoffResults).where(eq(runoffResults.eventId, eventId)).limit(1);
    return rows.length > 0;
  },
  /** Whether anyone but the creator has a pledge on the campaign that still counts. */
  async hasSupporterPledge(tx: Executor, eventId: string): Promise<boolean> {
    const rows = await tx
      .select({ id: pledges.id })
      .from(pledges)
      .where(and(eq(pledges.eventId, eventId), eq(pledges.isCreatorPledge, false), inArray(pledges.status, [...COUNTED])))
      .limit(1);
    return rows.length > 0;
  },
  /** The options in the creator's order. */
  async optionIds(db: Executor, eventId: string): Promise<string[]> {
    const rows = await db
      .select({ id: participants.id })
      .from(participants)
      .where(eq(participants.eventId, eventId))
      .orderBy(asc(participants.position), asc(participants.createdAt));
    return rows.map((row) => row.id);
  },
  async insertResults(tx: Executor, rows: ResultRow[]): Promise<void> {
    if (rows.length) await tx.insert(runoffResults).values(rows).onConflictDoNothing();
  },
  async results(db: Executor, eventId: string) {
    return db.select().from(runoffResults).where(eq(runoffResults.eventId, eventId)).orderBy(asc(runoffResults.place));
  },
};
