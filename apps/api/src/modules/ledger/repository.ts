import { and, eq, exists, gt, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, pledges } from '../../db/schema.ts';
import type { LedgerKind } from './kinds.ts';

export type LedgerAccount = (typeof ledgerEntries.$inferInsert)['account'];

export interface LedgerEntryInput {
  account: LedgerAccount;
  /** Positive or negative cents; the entries of one transaction sum to zero. */
  amountCents: number;
  eventId?: string | null;
  charityId?: string | null;
}

export interface LedgerTransactionInput {
  /** One of `LEDGER_KINDS`: a new kind is placed on the giving statements before it can be booked. */
  kind: LedgerKind;
  /** One movement of money is posted once: a repeated post with the same key returns the first. */
  idempotencyKey: string;
  pledgeId?: string | null;
  eventId?: string | null;
  providerRef?: string | null;
  memo?: Record<string, unknown>;
  entries: LedgerEntryInput[];
}

export class UnbalancedTransactionError extends Error {}

function assertBalanced(input: LedgerTransactionInput): void {
  const sum = input.entries.reduce((total, entry) => total + entry.amountCents, 0);
  if (sum !== 0 || input.entries.some((entry) => !Number.isInteger(entry.amountCents))) {
    throw new UnbalancedTransactionError(`ledger transaction ${input.idempotencyKey} does not balance (${sum})`);
  }
}

/** A transaction's entries as rows; an entry of zero is not written. */
function entryRows(transactionId: string, input: LedgerTransactionInput) {
  return input.entries
    .filter((entry) => entry.amountCents !== 0)
    .map((entry) => ({
      transactionId,
      account: entry.account,
      amountCents: entry.amountCents,
      eventId: entry.eventId ?? input.eventId ?? null,
      charityId: entry.charityId ?? null,
    }));
}

/** Append-only double entry (docs/money.md#rules): posted inside the caller's transaction. */
export const ledgerRepository = {
  async post(db: Executor, input: LedgerTransactionInput): Promise<{ id: string; created: boolean }> {
    assertBalanced(input);
    const [row] = await db
      .insert(ledgerTransactions)
      .values({
        kind: input.kind,
        idempotencyKey: input.idempotencyKey,
        pledgeId: input.pledgeId ?? null,
        eventId: input.eventId ?? null,
        providerRef: input.providerRef ?? null,
        memo: input.memo ?? null,
      })
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning({ id: ledgerTransactions.id });
    if (!row) {
      const [existing] = await db
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey))
        .limit(1);
      return { id: existing!.id, created: false };
    }
    const entries = entryRows(row.id, input);
    if (entries.length) await db.insert(ledgerEntries).values(entries);
    return { id: row.id, created: true };
  },

  /**
   * Many movements in two statements (their transactions, then all their entries), each under its
   * own idempotency key exactly as `post` would: a key posted before is left as it was.
   */
  async postMany(db: Executor, inputs: LedgerTransactionInput[]): Promise<void> {
    if (!inputs.length) return;
    for (const input of inputs) assertBalanced(input);
    const rows = await db
      .insert(ledgerTransactions)
      .values(
        inputs.map((input) => ({
          kind: input.kind,
          idempotencyKey: input.idempotencyKey,
          pledgeId: input.pledgeId ?? null,
          eventId: input.eventId ?? null,
          providerRef: input.providerRef ?? null,
          memo: input.memo ?? null,
        })),
      )
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning({ id: ledgerTransactions.id, idempotencyKey: ledgerTransactions.idempotencyKey });
    const created = new Map(rows.map((row) => [row.idempotencyKey, row.id]));
    const entries = inputs.flatMap((input) => {
      const transactionId = created.get(input.idempotencyKey);
      return transactionId ? entryRows(transactionId, input) : [];
    });
    if (entries.length) await db.insert(ledgerEntries).values(entries);
  },

  /** What went back to each pledge's card (refunds are the positive `donor_card` entries), by pledge id. */
  async refundedCentsByPledge(db: Executor, pledgeIds: string[]): Promise<Map<string, number>> {
    if (!pledgeIds.length) return new Map();
    const rows = await db
      .select({ pledgeId: ledgerTransactions.pledgeId, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(inArray(ledgerTransactions.pledgeId, pledgeIds), eq(ledgerEntries.account, 'donor_card'), gt(ledgerEntries.amountCents, 0)))
      .groupBy(ledgerTransactions.pledgeId);
    return new Map(rows.map((row) => [row.pledgeId!, Number(row.cents)]));
  },
};

/**
 * The money trail of a campaign (docs/product.md#campaign-life-cycle): any pledge or ledger row. A campaign with
 * one keeps its row, so the books stay whole; `eventId` is a column or a value.
 */
export function hasMoneyTrail(db: Executor, eventId: SQLWrapper | string): SQL {
  return or(
    exists(db.select({ one: pledges.id }).from(pledges).where(eq(pledges.eventId, eventId))),
    exists(db.select({ one: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.eventId, eventId))),
    exists(db.select({ one: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.eventId, eventId))),
  )!;
}
