import type { PledgeQuote } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { LedgerTransactionInput } from '../ledger/index.ts';
import { pledgeChargeEntries } from '../ledger/index.ts';
import { ledgerKeys } from '../ledger/index.ts';
import { matchRecords } from '../matching/index.ts';
import { chargingRepository as repo, type PledgeRow } from './repository.ts';

/**
 * Once none of a run's supporters' pledges is pending, every outcome is known and the campaign's
 * matches are fixed (decision 109): their pledges join the run, to be charged like any other. The
 * run's row lock makes the transactions recording the last outcomes take turns, so exactly one of
 * them sees none pending (the matches' own row locks and unique keys make it once in any case).
 */
export async function settleMatchesIfRunDone(ctx: AppContext, tx: Executor, campaign: { id: string; name: string }, runId: string): Promise<string[]> {
  await repo.lockRun(tx, runId);
  if (await matchRecords.pendingInRun(tx, runId)) return [];
  const pledgeIds = await matchRecords.settleWithin(ctx, tx, campaign, runId);
  if (pledgeIds.length) await repo.growRun(tx, runId, pledgeIds.length);
  return pledgeIds;
}

/**
 * A supporter's pledge declined at the charge run and charged afterwards, within the failed-charge
 * window, tops up the campaign's settled matches that cover it (decision 109); the top-ups join
 * the run, which runs again until they are charged. The run's row lock is taken first, as a
 * settlement takes it before the matches': a recovery and a settlement take turns (whichever is
 * second sees the other's work) and never deadlock. Returns the top-ups' pledge ids, to queue.
 */
export async function topUpMatchesFor(tx: Executor, recovered: PledgeRow): Promise<string[]> {
  if (recovered.kind !== 'pledge' || recovered.isCreatorPledge) return [];
  if (recovered.chargeRunId) await repo.lockRun(tx, recovered.chargeRunId);
  const pledgeIds = await matchRecords.topUpWithin(tx, recovered);
  if (pledgeIds.length && recovered.chargeRunId) await repo.reopenRun(tx, recovered.chargeRunId, pledgeIds.length);
  return pledgeIds;
}

/** The match a charged pledge of kind `match` charges for, if it is one: its posting and receipt name it. */
export type ChargedMatch = Awaited<ReturnType<typeof matchRecords.forPledge>>;

/**
 * The ledger transaction of a charged pledge. A match's is a kind of its own (`match_charge`, or
 * `match_top_up` for a top-up, each naming the match and its sponsor in its memo, a top-up also the
 * recovered pledge) so the open ledger and the books tell them apart; the entries are the same as
 * any supporter's pledge (3% fee, card fee, the rest to the charity), one idempotency key per charge.
 */
export function chargePosting(
  pledge: PledgeRow,
  match: ChargedMatch | null,
  settled: PledgeQuote,
  where: { eventId: string; charityId: string | null; providerRef: string },
): LedgerTransactionInput {
  const entries = pledgeChargeEntries(settled, where);
  const common = { pledgeId: pledge.id, eventId: where.eventId, providerRef: where.providerRef, entries };
  if (pledge.kind !== 'match') return { ...common, kind: 'pledge_charge', idempotencyKey: ledgerKeys.pledgeCharge(pledge.id) };
  const memo = { match_id: match?.id ?? null, sponsor_name: match?.sponsorName ?? null };
  if (match?.recoveredPledgeId) {
    return {
      ...common,
      kind: 'match_top_up',
      idempotencyKey: ledgerKeys.matchTopUp(pledge.id),
      memo: { ...memo, recovered_pledge_id: match.recoveredPledgeId },
    };
  }
  return { ...common, kind: 'match_charge', idempotencyKey: ledgerKeys.matchCharge(pledge.id), memo };
}
