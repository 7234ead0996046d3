import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxCharges, sandboxDisputes, sandboxRefunds } from './tables.ts';
import type { MovementWindow, ProviderMovement } from './types.ts';

function within(column: typeof sandboxCharges.createdAt | typeof sandboxRefunds.createdAt | typeof sandboxDisputes.createdAt, window: MovementWindow): SQL[] {
  return [...(window.from ? [gte(column, window.from)] : []), ...(window.to ? [lte(column, window.to)] : [])];
}

/**
 * The sandbox's succeeded charges, its refunds and its disputes (each a withdrawal, and a
 * reinstatement once won), from its own tables, as Stripe would list them.
 */
export async function listSandboxMovements(db: Db, window: MovementWindow = {}): Promise<ProviderMovement[]> {
  const charges = await db
    .select({ ref: sandboxCharges.id, amountCents: sandboxCharges.amountCents, createdAt: sandboxCharges.createdAt })
    .from(sandboxCharges)
    .where(and(eq(sandboxCharges.status, 'succeeded'), ...within(sandboxCharges.createdAt, window)));
  const refunds = await db
    .select({ ref: sandboxRefunds.id, amountCents: sandboxRefunds.amountCents, chargeRef: sandboxRefunds.chargeId, createdAt: sandboxRefunds.createdAt })
    .from(sandboxRefunds)
    .where(and(...within(sandboxRefunds.createdAt, window)));
  const disputes = await db
    .select({
      ref: sandboxDisputes.id,
      amountCents: sandboxDisputes.amountCents,
      chargeRef: sandboxDisputes.chargeId,
      status: sandboxDisputes.status,
      createdAt: sandboxDisputes.createdAt,
    })
    .from(sandboxDisputes)
    .where(and(...within(sandboxDisputes.createdAt, window)));
  return [
    ...charges.map((row) => ({ kind: 'charge' as const, ...row })),
    ...refunds.map((row) => ({ kind: 'refund' as const, ...row })),
    ...disputes.flatMap(({ status, ...row }) => [
      { kind: 'dispute' as const, ...row },
      ...(status === 'won' ? [{ kind: 'dispute_reversal' as const, ...row }] : []),
    ]),
  ];
}
