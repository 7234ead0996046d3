import { randomBytes } from 'node:crypto';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { sandboxCharges, sandboxConnectedAccounts, sandboxPayouts, sandboxTransferReversals, sandboxTransfers } from './tables.ts';
import type { ConnectedAccount, ConnectProvider, MovementWindow, ProviderMovement } from './types.ts';

/** What a new account must give before it is paid, named as Stripe names them. */
export const SANDBOX_INITIAL_REQUIREMENTS = ['business_profile.url', 'external_account', 'representative.first_name', 'tos_acceptance.date'];
/** What the simulated onboarding leaves due when asked to: Stripe's most common follow-up. */
export const SANDBOX_LEFT_DUE = ['representative.verification.document'];

const newRef = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
type AccountRow = typeof sandboxConnectedAccounts.$inferSelect;
const toAccount = (row: AccountRow): ConnectedAccount => ({
  ref: row.id,
  detailsSubmitted: row.detailsSubmitted,
  payoutsEnabled: row.payoutsEnabled,
  requirementsDue: row.requirementsDue,
});

export interface SandboxConnect extends ConnectProvider {
  /** The account as the simulated onboarding page shows it; null when there is none. */
  account(accountRef: string): Promise<(ConnectedAccount & { businessName: string; bankLast4: string | null }) | null>;
  /** The simulated onboarding form: the bank account, and whether to leave a requirement due. */
  submitOnboarding(accountRef: string, input: { bankAccountNumber: string; leaveRequirementDue: boolean }): Promise<ConnectedAccount>;
  /** Pays an account's balance (transfers less reversals and earlier payouts) to its bank; null when nothing is due or payouts are off. */
  payOutBalance(accountRef: string): Promise<{ ref: string; amountCents: number } | null>;
  payouts(accountRef: string): Promise<{ ref: string; amountCents: number; bankLast4: string; createdAt: Date }[]>;
}

export function createSandboxConnect(db: Db): SandboxConnect {
  async function accountRow(ref: string): Promise<AccountRow> {
    const [row] = await db.select().from(sandboxConnectedAccounts).where(eq(sandboxConnectedAccounts.id, ref)).limit(1);
    if (!row) throw new AppError('NO_SUCH_ACCOUNT', `No such account: ${ref}`, 404);
    return row;
  }

  return {
    async createAccount({ name, email, idempotencyKey }) {
      await db
        .insert(sandboxConnectedAccounts)
        .values({ id: newRef('acct_sbx'), idempotencyKey, businessName: name, email, requirementsDue: SANDBOX_INITIAL_REQUIREMENTS })
        .onConflictDoNothing({ target: sandboxConnectedAccounts.idempotencyKey });
      const [row] = await db.select().from(sandboxConnectedAccounts).where(eq(sandboxConnectedAccounts.idempotencyKey, idempotencyKey)).limit(1);
      return toAccount(row!);
    },

    async accountLink({ accountRef, refreshUrl, returnUrl }) {
      await accountRow(accountRef);
      const origin = new URL(returnUrl).origin;
      const query = new URLSearchParams({ return_url: returnUrl, refresh_url: refreshUrl });
      return { url: `${origin}/user/sandbox-connect/${accountRef}?${query.toString()}` };
    },

    retrieveAccount: async (ref) => toAccount(await accountRow(ref)),

    async account(ref) {
      const [row] = await db.select().from(sandboxConnectedAccounts).where(eq(sandboxConnectedAccounts.id, ref)).limit(1);
      return row ? { ...toAccount(row), businessName: row.businessName, bankLast4: row.bankLast4 } : null;
    },

    async submitOnboarding(ref, { bankAccountNumber, leaveRequirementDue }) {
      const digits = bankAccountNumber.replace(/\D/g, '');
      if (digits.length < 4 || digits.length > 17) throw AppError.validation({ bank_account_number: 'Please enter a bank account number of 4 to 17 digits' });
      const [row] = await db
        .update(sandboxConnectedAccounts)
        .set({
          detailsSubmitted: true,
          payoutsEnabled: !leaveRequirementDue,
          requirementsDue: leaveRequirementDue ? SANDBOX_LEFT_DUE : [],
          bankLast4: digits.slice(-4),
        })
        .where(eq(sandboxConnectedAccounts.id, ref))
        .returning();
      if (!row) throw new AppError('NO_SUCH_ACCOUNT', `No such account: ${ref}`, 404);
      return toAccount(row);
    },

    async transfer({ accountRef, amountCents, chargeRef, transferGroup, idempotencyKey }) {
      const [previous] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, idempotencyKey)).limit(1);
      if (previous) {
        if (previous.destination !== accountRef || previous.amountCents !== amountCents || previous.sourceCharge !== chargeRef) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was already used for a different transfer', 409);
        }
        return { ref: previous.id, amountCents: previous.amountCents };
      }
      const account = await accountRow(accountRef);
      if (!account.payoutsEnabled) throw new AppError('ACCOUNT_NOT_READY', 'The connected account cannot receive transfers yet', 409);
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeRef)).limit(1);
      if (!charge || charge.status !== 'succeeded') throw new AppError('NO_SUCH_CHARGE', `No such charge: ${chargeRef}`, 400);
      if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > charge.amountCents) {
        throw new AppError('TRANSFER_TOO_LARGE', 'A transfer cannot exceed its source charge', 400);
      }
      await db
        .insert(sandboxTransfers)
        .values({ id: newRef('tr_sbx'), idempotencyKey, destination: accountRef, amountCents, sourceCharge: chargeRef, transferGroup })
        .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey });
      const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, idempotencyKey)).limit(1);
      return { ref: row!.id, amountCents: row!.amountCents };
    },

    async findTransfer({ accountRef, idempotencyKey }) {
      const [row] = await db
        .select()
        .from(sandboxTransfers)
        .where(and(eq(sandboxTransfers.idempotencyKey, idempotencyKey), eq(sandboxTransfers.destination, accountRef)))
        .limit(1);
      return row ? { ref: row.id, amountCents: row.amountCents } : null;
    },

    async reverseTransfer({ transferRef, amountCents, idempotencyKey }) {
      const [previous] = await db.select().from(sandboxTransferReversals).where(eq(sandboxTransferReversals.idempotencyKey, idempotencyKey)).limit(1);
      if (previous) return { ref: previous.id, amountCents: previous.amountCents };
      const done = await db.transaction(async (tx) => {
        // The transfer's row is locked, so two reversals of one transfer cannot both pass its amount.
        const [transfer] = await tx.select().from(sandboxTransfers).where(eq(sandboxTransfers.id, transferRef)).for('update');
        if (!transfer) throw new AppError('NO_SUCH_TRANSFER', `No such transfer: ${transferRef}`, 404);
        const left = transfer.amountCents - transfer.amountReversedCents;
        if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > left) {
          throw new AppError('REVERSAL_TOO_LARGE', 'The reversal is larger than what is left of the transfer', 400);
        }
        const [row] = await tx
          .insert(sandboxTransferReversals)
          .values({ id: newRef('trr_sbx'), idempotencyKey, transferId: transferRef, amountCents })
          .onConflictDoNothing({ target: sandboxTransferReversals.idempotencyKey })
          .returning();
        if (!row) return undefined;
        await tx
          .update(sandboxTransfers)
          .set({ amountReversedCents: sql`${sandboxTransfers.amountReversedCents} + ${amountCents}` })
          .where(eq(sandboxTransfers.id, transferRef));
        return row;
      });
      if (done) return { ref: done.id, amountCents: done.amountCents };
      const [winner] = await db.select().from(sandboxTransferReversals).where(eq(sandboxTransferReversals.idempotencyKey, idempotencyKey)).limit(1);
      return { ref: winner!.id, amountCents: winner!.amountCents };
    },

    async findReversal({ transferRef, idempotencyKey }) {
      const [row] = await db
        .select()
        .from(sandboxTransferReversals)
        .where(and(eq(sandboxTransferReversals.idempotencyKey, idempotencyKey), eq(sandboxTransferReversals.transferId, transferRef)))
        .limit(1);
      return row ? { ref: row.id, amountCents: row.amountCents } : null;
    },

    async payOutBalance(ref) {
      return db.transaction(async (tx) => {
        const [account] = await tx.select().from(sandboxConnectedAccounts).where(eq(sandboxConnectedAccounts.id, ref)).for('update');
        if (!account?.payoutsEnabled || !account.bankLast4) return null;
        const [sent] = await tx
          .select({ cents: sql<string>`coalesce(sum(${sandboxTransfers.amountCents} - ${sandboxTransfers.amountReversedCents}), 0)` })
          .from(sandboxTransfers)
          .where(eq(sandboxTransfers.destination, ref));
        const [paid] = await tx
          .select({ cents: sql<string>`coalesce(sum(${sandboxPayouts.amountCents}), 0)` })
          .from(sandboxPayouts)
          .where(eq(sandboxPayouts.accountId, ref));
        const cents = Number(sent?.cents ?? 0) - Number(paid?.cents ?? 0);
        if (cents <= 0) return null;
        const [row] = await tx
          .insert(sandboxPayouts)
          .values({ id: newRef('po_sbx'), accountId: ref, amountCents: cents, bankLast4: account.bankLast4 })
          .returning();
        return { ref: row!.id, amountCents: row!.amountCents };
      });
    },

    async payouts(ref) {
      const rows = await db.select().from(sandboxPayouts).where(eq(sandboxPayouts.accountId, ref)).orderBy(sandboxPayouts.createdAt);
      return rows.map((row) => ({ ref: row.id, amountCents: row.amountCents, bankLast4: row.bankLast4, createdAt: row.createdAt }));
    },
  };
}

function within(column: AnyPgColumn, window: MovementWindow): SQL[] {
  return [...(window.from ? [gte(column, window.from)] : []), ...(window.to ? [lte(column, window.to)] : [])];
}

/** The sandbox's transfers and their reversals, as Stripe lists `/v1/transfers` and each transfer's reversals. */
export async function listSandboxTransferMovements(db: Db, window: MovementWindow = {}): Promise<ProviderMovement[]> {
  const transfers = await db
    .select({
      ref: sandboxTransfers.id,
      amountCents: sandboxTransfers.amountCents,
      chargeRef: sandboxTransfers.sourceCharge,
      createdAt: sandboxTransfers.createdAt,
    })
    .from(sandboxTransfers)
    .where(and(...within(sandboxTransfers.createdAt, window)));
  const reversals = await db
    .select({ ref: sandboxTransferReversals.id, amountCents: sandboxTransferReversals.amountCents, createdAt: sandboxTransferReversals.createdAt })
    .from(sandboxTransferReversals)
    .where(and(...within(sandboxTransferReversals.createdAt, window)));
  return [...transfers.map((row) => ({ kind: 'transfer' as const, ...row })), ...reversals.map((row) => ({ kind: 'transfer_reversal' as const, ...row }))];
}
