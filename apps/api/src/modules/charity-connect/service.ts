import { centsToDollars, CONNECT_MESSAGES, type CharityConnectRow, type CharityTransferRow, type ConnectAccountState } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { isSandbox } from '../../providers/payments/index.ts';
import { auditRepository } from '../audit/index.ts';
import { ledgerKeys } from '../ledger/index.ts';
import { publicName } from '../../lib/public-name.ts';
import { createOnboarding, toAccountState } from './onboarding.ts';
import { connectRepository as repo, type MovementRow } from './repository.ts';
import { lookUpHeld, runTransfers } from './transfers.ts';

export { assertMayManageCharityConnect } from './onboarding.ts';
export { CHARITY_TRANSFERS_QUEUE } from './transfers.ts';

type Carried = { pledgeId: string | null; donationId: string | null };

/**
 * A charity's transfers and reversals, newest first, each with the pledge (or donation) whose
 * charge it carried: the supporter as they chose to be named, the campaign and the amount charged.
 */
export async function listCharityTransfers(db: Executor, charityId: string): Promise<CharityTransferRow[]> {
  const rows = await repo.listForCharity(db, charityId);
  const { pledges, donations } = await repo.carried(db, rows);
  const pledgeById = new Map(pledges.map((row) => [String(row.id), row]));
  const donationById = new Map(donations.map((row) => [String(row.id), row]));
  return rows.map((row) => {
    const pledge = row.pledgeId ? pledgeById.get(row.pledgeId) : undefined;
    const donation = row.donationId ? donationById.get(row.donationId) : undefined;
    // The portal's rule for names (as each supporter chose); a donation names its donor as given.
    const supporter = pledge
      ? publicName({
          anonymous: Boolean(pledge.anonymous),
          displayName: (pledge.display_name as string | null) ?? null,
          userName: (pledge.user_name as string | null) ?? null,
        })
      : String(donation?.full_name ?? '');
    return {
      _id: row.id,
      kind: row.kind,
      status: row.status,
      amount: centsToDollars(row.amountCents),
      provider_ref: row.providerRef,
      charge_ref: row.chargeRef,
      reverses: row.reversesId,
      created_at: row.createdAt.toISOString(),
      made_at: row.madeAt?.toISOString() ?? null,
      last_error: row.lastError,
      carried: {
        pledge_id: row.pledgeId,
        donation_id: row.donationId,
        campaign: pledge ? { _id: String(pledge.event_id), name: String(pledge.event_name) } : null,
        supporter_name: supporter,
        charged: centsToDollars(Number(pledge?.charged_cents ?? donation?.amount_cents ?? 0)),
      },
    };
  });
}

/** The charity portal's Stripe section: the connected account as the provider last reported it (null: none), and its movements. */
export async function charityConnectView(db: Executor, charityId: string): Promise<{ account: ConnectAccountState | null; transfers: CharityTransferRow[] }> {
  const [account, transfers] = await Promise.all([repo.account(db, charityId), listCharityTransfers(db, charityId)]);
  return { account: account ? toAccountState(account) : null, transfers };
}

/** What the disputes and payouts modules ask of Connect, inside their own transactions (under the charity's row lock). */
export const connectRecords = {
  transferWithNames: repo.transferWithNames,
  /**
   * A dispute opens on a charge: a transfer of it not yet sent is dropped (made again once the
   * charge is charged again), and of the transfers made, what the charity's part takes back is
   * returned, to be reversed (decision 130). The dispute then takes that part from the payable,
   * where the reversal puts it back.
   */
  async reversalsFor(tx: Executor, carried: Carried, charityPartCents: number): Promise<{ transfer: MovementRow; amountCents: number }[]> {
    await repo.dropUnsentTransfers(tx, carried);
    let left = charityPartCents;
    const reversals: { transfer: MovementRow; amountCents: number }[] = [];
    for (const { transfer, leftCents } of (await repo.transfersOf(tx, carried)).reverse()) {
      const amountCents = Math.min(left, leftCents);
      if (amountCents <= 0) continue;
      reversals.push({ transfer, amountCents });
      left -= amountCents;
    }
    return reversals;
  },

  /** Records the reversals of a dispute just booked, one key each. */
  async addReversals(
    tx: Executor,
    dispute: { id: string; provider: string; ref: string },
    reversals: { transfer: MovementRow; amountCents: number }[],
  ): Promise<void> {
    for (const { transfer, amountCents } of reversals) {
      await repo.insertMovement(tx, {
        kind: 'reversal',
        charityId: transfer.charityId,
        eventId: transfer.eventId,
        pledgeId: transfer.pledgeId,
        donationId: transfer.donationId,
        sourceTransactionId: transfer.sourceTransactionId,
        chargeRef: transfer.chargeRef,
        reversesId: transfer.id,
        disputeId: dispute.id,
        amountCents,
        idempotencyKey: ledgerKeys.transferReversal(dispute.provider, dispute.ref, transfer.id),
      });
    }
  },

  /** A won dispute: each reversal it made is transferred again (after the reversal, from the same charge). */
  async transferAgainAfterWin(tx: Executor, disputeId: string): Promise<number> {
    const reversals = await repo.reversalsOfDispute(tx, disputeId);
    for (const reversal of reversals) {
      await repo.insertMovement(tx, {
        kind: 'transfer',
        charityId: reversal.charityId,
        eventId: reversal.eventId,
        pledgeId: reversal.pledgeId,
        donationId: reversal.donationId,
        sourceTransactionId: reversal.sourceTransactionId,
        chargeRef: reversal.chargeRef,
        disputeId,
        amountCents: reversal.amountCents,
        idempotencyKey: ledgerKeys.transferAgain(reversal.id),
      });
    }
    return reversals.length;
  },

  /**
   * What a recorded payout may still pass on to a charity on Connect: its payable less what
   * transfers will carry (due, in flight, or due once its campaigns finish), plus reversals due
   * back. Null for a charity without a connected account (all its payable).
   */
  async owedOutsideConnectCents(tx: Executor, charityId: string): Promise<number | null> {
    const account = await repo.account(tx, charityId);
    if (!account) return null;
    return (await overviewOf(tx, charityId, account.createdAt)).owedOutsideCents;
  },
};

async function overviewOf(db: Executor, charityId: string, since: Date | null) {
  const payable = await repo.payableCents(db, charityId);
  if (!since) return { payable, toTransferCents: 0, owedOutsideCents: Math.max(0, payable) };
  const pending = await repo.pendingCents(db, charityId);
  const upcoming = await repo.untransferredSinceCents(db, charityId, since);
  const toTransferCents = pending.transfers + upcoming;
  return { payable, toTransferCents, owedOutsideCents: Math.max(0, payable + pending.reversals - toTransferCents) };
}

export function createCharityConnectService(ctx: AppContext) {
  const { db } = ctx;
  const onboarding = createOnboarding(ctx);

  return {
    start: onboarding.start,
    refresh: onboarding.refresh,
    accountUpdated: onboarding.accountUpdated,

    /** The admin console's list: every charity, on Connect or not, and what is owed to it outside Connect. */
    async overview(): Promise<{ charities: CharityConnectRow[]; sandbox: boolean }> {
      const charities = await repo.listCharities(db);
      const accounts = new Map((await repo.accounts(db)).map((row) => [row.charityId, row]));
      const balances = await repo.balances(
        db,
        charities.map((charity) => charity.id),
      );
      const rows: CharityConnectRow[] = [];
      for (const charity of charities) {
        const account = accounts.get(charity.id);
        const owed = await overviewOf(db, charity.id, account?.createdAt ?? null);
        const moved = balances.get(charity.id)!;
        rows.push({
          charity_id: charity.id,
          name: charity.name,
          account: account ? toAccountState(account) : null,
          payable: centsToDollars(owed.payable),
          to_transfer: centsToDollars(owed.toTransferCents),
          owed_outside_connect: centsToDollars(owed.owedOutsideCents),
          transferred: centsToDollars(moved.transferred),
          reversed: centsToDollars(moved.reversed),
        });
      }
      return { charities: rows, sandbox: isSandbox(ctx.payments) };
    },

    async transfers(charityId: string): Promise<CharityTransferRow[]> {
      if (!(await repo.charity(db, charityId))) throw AppError.notFound(CONNECT_MESSAGES.charityNotFound);
      return listCharityTransfers(db, charityId);
    },

    /** The job's work, at once (the admin console's "Run transfers now"). */
    async runNow(auth: AuthInfo) {
      const outcome = await runTransfers(ctx, onboarding.refreshOnboarding);
      await auditRepository.record(db, {
        actorId: auth.userId,
        action: 'charity.transfers_run',
        targetType: 'charity_transfers',
        targetId: 'all',
        after: outcome,
      });
      return outcome;
    },

    runJob: () => runTransfers(ctx, onboarding.refreshOnboarding),

    /**
     * A movement held because the provider answered another amount (decision 175): looked up again
     * at the provider (booked when the amount is right there), or marked for manual review (never
     * sent again). Audit-logged; 409 when it is not held.
     */
    async resolveHeld(auth: AuthInfo, id: string, action: 'look_up' | 'manual_review') {
      const before = await repo.byId(db, id);
      if (!before) throw AppError.notFound(CONNECT_MESSAGES.movementNotFound);
      let outcome: 'made' | 'held' | 'pending' | 'manual_review' | undefined;
      if (action === 'look_up') outcome = await lookUpHeld(ctx, id);
      else outcome = (await repo.markManualReview(db, id)) ? 'manual_review' : undefined;
      if (!outcome) throw AppError.conflict('MOVEMENT_NOT_HELD', CONNECT_MESSAGES.movementNotHeld);
      const after = (await repo.byId(db, id))!;
      await auditRepository.record(db, {
        actorId: auth.userId,
        action: action === 'look_up' ? 'charity.transfer_looked_up' : 'charity.transfer_manual_review',
        targetType: 'charity_transfer',
        targetId: id,
        before: { status: before.status, last_error: before.lastError },
        after: { status: after.status, provider_ref: after.providerRef, last_error: after.lastError },
      });
      const [movement] = (await listCharityTransfers(db, before.charityId)).filter((row) => row._id === id);
      const message = {
        made: CONNECT_MESSAGES.lookedUpMade,
        held: CONNECT_MESSAGES.lookedUpHeld,
        pending: CONNECT_MESSAGES.lookedUpMissing,
        manual_review: CONNECT_MESSAGES.markedForReview,
      }[outcome];
      return { outcome, movement: movement!, message };
    },
  };
}
