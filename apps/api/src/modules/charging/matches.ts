import type { PledgeQuote } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { LedgerTransactionInput } from '../ledger/repository.ts';
import { pledgeChargeEntries } from '../ledger/postings.ts';
import { matchRecords } from '../matching/service.ts';
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
 * The ledger transaction of a charged pledge. A match's is a kind of its own (`match_charge`,
 * naming the match and its sponsor in its memo) so the open ledger and the books tell it apart;
 * the entries are the same as any supporter's pledge (3% fee, card fee, the rest to the charity).
 */
export async function chargePosting(
  tx: Executor,
  pledge: PledgeRow,
  settled: PledgeQuote,
  where: { eventId: string; charityId: string | null; providerRef: string },
): Promise<LedgerTransactionInput> {
  const entries = pledgeChargeEntries(settled, where);
  const common = { pledgeId: pledge.id, eventId: where.eventId, providerRef: where.providerRef, entries };
  if (pledge.kind !== 'match') return { ...common, kind: 'pledge_charge', idempotencyKey: `pledge-charge:${pledge.id}` };
  const match = await matchRecords.forPledge(tx, pledge.id);
  return {
    ...common,
    kind: 'match_charge',
    idempotencyKey: `match-charge:${pledge.id}`,
    memo: { match_id: match?.id ?? null, sponsor_name: match?.sponsorName ?? null },
  };
}
