import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isSandbox, type TransferResult } from '../../providers/payments/index.ts';
import { transferEntries, transferReversalEntries } from '../ledger/index.ts';
import { ledgerRepository } from '../ledger/index.ts';
import { ledgerKeys } from '../ledger/index.ts';
import { connectRepository as repo, type MovementRow } from './repository.ts';

export const CHARITY_TRANSFERS_QUEUE = 'charity-transfers';
/** A claim's lease: the same minute as a charge attempt's (decision 091, `ATTEMPT_LEASE_MS`). */
export const MOVEMENT_LEASE_MS = 60_000;

export type SendOutcome = 'made' | 'done' | 'in_flight' | 'waiting';

/** The group Stripe files a transfer under: the campaign's, or the charity's donations. */
export const transferGroupOf = (row: Pick<MovementRow, 'eventId' | 'charityId'>) => (row.eventId ? `campaign:${row.eventId}` : `donations:${row.charityId}`);

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * Makes the transfer rows now due (decision 131), per charity whose account can be paid, under the
 * charity's row lock: one per charge, its key `transfer:{source}` (a unique index), never more than
 * the charity's payable less what is already on its way.
 */
export async function createDueTransfers(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let created = 0;
  for (const account of await repo.accounts(ctx.db)) {
    if (!account.payoutsEnabled || account.provider !== ctx.payments.name) continue;
    created += await ctx.db.transaction(async (tx) => {
      await repo.lockCharity(tx, account.charityId);
      const sources = await repo.dueSources(tx, account.charityId, account.createdAt, startOfUtcDay(now));
      if (!sources.length) return 0;
      const pending = await repo.pendingCents(tx, account.charityId);
      let room = (await repo.payableCents(tx, account.charityId)) + pending.reversals - pending.transfers;
      let made = 0;
      for (const source of sources) {
        if (source.amountCents > room) continue;
        const row = await repo.insertMovement(tx, {
          kind: 'transfer',
          charityId: account.charityId,
          eventId: source.eventId,
          pledgeId: source.pledgeId,
          donationId: source.donationId,
          sourceTransactionId: source.sourceTransactionId,
          chargeRef: source.chargeRef,
          amountCents: source.amountCents,
          idempotencyKey: ledgerKeys.transfer(source.sourceTransactionId),
        });
        if (row) {
          room -= row.amountCents;
          made += 1;
        }
      }
      return made;
    });
  }
  return created;
}

/** Whether a movement may be sent now: the account can take it, and a transfer made again after a won dispute waits for its reversal. */
async function ready(ctx: AppContext, row: MovementRow): Promise<boolean> {
  const account = await repo.account(ctx.db, row.charityId);
  if (!account || account.provider !== ctx.payments.name) return false;
  if (row.kind === 'reversal') return true;
  if (!account.payoutsEnabled) return false;
  if (row.disputeId) return (await repo.reversalsOfDispute(ctx.db, row.disputeId)).every((reversal) => reversal.status === 'made');
  return true;
}

/** What the provider holds under this movement's key (found by its lookup), or null; with `send`, sent when there is none. */
async function callProvider(ctx: AppContext, row: MovementRow, mode: { lookUpFirst: boolean; send: boolean }): Promise<TransferResult | null> {
  const { connect } = ctx.payments;
  if (row.kind === 'transfer') {
    const account = (await repo.account(ctx.db, row.charityId))!;
    const wanted = { accountRef: account.accountRef, transferGroup: transferGroupOf(row), idempotencyKey: row.idempotencyKey };
    const found = mode.lookUpFirst ? await connect.findTransfer(wanted) : null;
    if (found || !mode.send) return found;
    return connect.transfer({ ...wanted, amountCents: row.amountCents, chargeRef: row.chargeRef });
  }
  const transfer = row.reversesId ? await repo.byId(ctx.db, row.reversesId) : undefined;
  if (!transfer?.providerRef) throw new AppError('REVERSAL_WITHOUT_TRANSFER', 'The transfer to reverse was not made', 409);
  const wanted = { transferRef: transfer.providerRef, idempotencyKey: row.idempotencyKey };
  const found = mode.lookUpFirst ? await connect.findReversal(wanted) : null;
  if (found || !mode.send) return found;
  return connect.reverseTransfer({ ...wanted, amountCents: row.amountCents });
}

const mismatchOf = (row: MovementRow, result: TransferResult) =>
  `AMOUNT_MISMATCH: the provider's ${result.ref} moved ${result.amountCents} cents, not ${row.amountCents}`;

/** Posts a movement the provider made with this amount and marks it made, together, under the charity's row lock. */
async function book(ctx: AppContext, row: MovementRow, result: TransferResult): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockCharity(tx, row.charityId);
    const where = { amountCents: row.amountCents, charityId: row.charityId, eventId: row.eventId };
    const posted = await ledgerRepository.post(tx, {
      kind: row.kind === 'transfer' ? 'transfer' : 'transfer_reversal',
      idempotencyKey: row.idempotencyKey,
      pledgeId: row.pledgeId,
      eventId: row.eventId,
      providerRef: result.ref,
      memo: { charge_ref: row.chargeRef, movement_id: row.id, ...(row.donationId ? { donationId: row.donationId } : {}) },
      entries: row.kind === 'transfer' ? transferEntries(where) : transferReversalEntries(where),
    });
    await repo.markMade(tx, row.id, { providerRef: result.ref, ledgerTransactionId: posted.id, now: ctx.clock.now() });
  });
}

/**
 * Sends one transfer or reversal once (decision 130): claimed first, so of any number of workers
 * one calls the provider, with the movement's own key; a claim taken over past the key's lifetime
 * asks the provider what the attempt did before sending it again. The posting and the row's
 * `made` are written together under the charity's row lock; the ledger's key makes a second post
 * impossible.
 */
export async function sendMovement(ctx: AppContext, id: string): Promise<SendOutcome> {
  const first = await repo.byId(ctx.db, id);
  if (!first || first.status === 'made') return 'done';
  if (!(await ready(ctx, first))) return 'waiting';
  const now = ctx.clock.now();
  const row = await repo.claim(ctx.db, id, now, new Date(now.getTime() - MOVEMENT_LEASE_MS));
  if (!row) return (await repo.byId(ctx.db, id))?.status === 'made' ? 'done' : 'in_flight';
  const firstClaimed = row.attemptFirstClaimedAt ?? now;
  const lookUpFirst = firstClaimed.getTime() !== now.getTime() && now.getTime() - firstClaimed.getTime() >= ctx.payments.idempotencyKeyLifetimeMs;
  if (row.kind === 'transfer' && (await repo.payableCents(ctx.db, row.charityId)) < row.amountCents) {
    await repo.releaseClaim(ctx.db, id, null, 'The charity’s payable does not cover this transfer');
    return 'waiting';
  }
  let result: TransferResult;
  try {
    result = (await callProvider(ctx, row, { lookUpFirst, send: true }))!;
  } catch (error) {
    const refused = error instanceof AppError && error.status < 500;
    ctx.log.warn({ movement: id, err: error }, refused ? 'transfer refused by the provider' : 'transfer outcome unknown');
    // Refused: nothing was made and the key may be sent again. No answer: the next try takes over at once.
    await repo.releaseClaim(ctx.db, id, refused ? null : new Date(now.getTime() - MOVEMENT_LEASE_MS), error instanceof Error ? error.message : String(error));
    return 'waiting';
  }
  if (result.amountCents !== row.amountCents) {
    // Never booked as this movement, and not sent again (the key would answer the same): an admin looks (decision 175).
    await repo.hold(ctx.db, id, mismatchOf(row, result));
    return 'waiting';
  }
  await book(ctx, row, result);
  return 'made';
}

export type LookUpOutcome = 'made' | 'held' | 'pending';

/**
 * An admin's "Look up again" on a held movement (decision 175): claimed like a send, then only
 * looked up at the provider by its key, never sent. The right amount there is booked as made;
 * another amount holds it again; none puts it back in the queue, for the next run to send.
 * Undefined when the movement is not held (already resolved by someone else, or never held).
 */
export async function lookUpHeld(ctx: AppContext, id: string): Promise<LookUpOutcome | undefined> {
  const row = await repo.claimHeld(ctx.db, id, ctx.clock.now());
  if (!row) return undefined;
  let found: TransferResult | null;
  try {
    found = await callProvider(ctx, row, { lookUpFirst: true, send: false });
  } catch (error) {
    await repo.hold(ctx.db, id, `The look-up failed: ${error instanceof Error ? error.message : String(error)}`);
    return 'held';
  }
  if (!found) {
    await repo.releaseClaim(ctx.db, id, null, 'The provider has no movement under this key; the next transfers run sends it');
    return 'pending';
  }
  if (found.amountCents !== row.amountCents) {
    await repo.hold(ctx.db, id, mismatchOf(row, found));
    return 'held';
  }
  await book(ctx, row, found);
  return 'made';
}

/**
 * The `charity-transfers` job (every 10 minutes, and at once from the admin console): refreshes
 * accounts still onboarding, makes the transfers now due, sends every pending movement (reversals
 * first), and in the sandbox pays each account's balance out to the charity's bank.
 */
export async function runTransfers(ctx: AppContext, refreshAccounts: () => Promise<void>) {
  await refreshAccounts();
  const created = await createDueTransfers(ctx);
  let made = 0;
  let waiting = 0;
  for (const id of await repo.pendingIds(ctx.db)) {
    const outcome = await sendMovement(ctx, id);
    if (outcome === 'made') made += 1;
    else if (outcome !== 'done') waiting += 1;
  }
  if (isSandbox(ctx.payments)) {
    for (const account of await repo.accounts(ctx.db)) if (account.provider === 'sandbox') await ctx.payments.connect.payOutBalance(account.accountRef);
  }
  return { created, made, waiting };
}
