import type { ChargeRun, ChargeRunFunding } from '@pledgeway/domain';
import { centsToDollars } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { auditRepository } from '../audit/index.ts';
import { disputeRecords } from '../disputes/index.ts';
import { assertCanManage } from '../event-reads/index.ts';
import type { CampaignRow } from '../event-records/index.ts';
import { ledgerRepository } from '../ledger/index.ts';
import { fundingSettlementEntries } from '../ledger/index.ts';
import { ledgerKeys } from '../ledger/index.ts';
import { notifyCampaignChanged } from '../../lib/campaign-changed.ts';
import { lifecycleRecords, REFUND_FUNDING_QUEUE, releasePledgesWithin } from '../lifecycle/index.ts';
import { matchRecords } from '../matching/index.ts';
import { pledgeChargeStateRepository } from '../pledges/index.ts';
import { settleRunoff } from '../runoff/index.ts';
import { CHARGE_PLEDGE_QUEUE } from './charge-pledge.ts';
import { fundingToCharityCents } from './funding-share.ts';
import { chargingRepository as repo, type ChargeRunRow } from './repository.ts';
import { eventRecords } from '../event-records/index.ts';

export const CHARGE_RUN_MESSAGES = {
  notCompleted: 'Only a campaign its creator marked complete can be charged',
  notFound: 'Charge run not found',
} as const;

/** What a transaction that began a run leaves to do once it committed. */
export interface BegunRun {
  run: ChargeRunRow;
  created: boolean;
  pledgeIds: string[];
  /** The creator's funding pledge to refund (All or Nothing missed its target). */
  refund?: string;
}

/** True when All or Nothing missed its target: every pledge is released instead of charged. */
export async function missesTarget(tx: Executor, event: CampaignRow): Promise<boolean> {
  return event.fundingModel === 'all_or_nothing' && (await lifecycleRecords.countedTotalCents(tx, event.id)) < event.targetCents;
}

/**
 * Charges (or releases) the pledges of a run inside the caller's transaction, with the campaign
 * row locked: All or Nothing below its target releases every pledge; otherwise each pending
 * pledge is claimed for a job of its own and the creator's escrowed funding is settled (fees and
 * the charity's payable). Used by the admin's charge, the deadline job and the release of a hold.
 */
export async function beginRun(ctx: AppContext, tx: Executor, event: CampaignRow, run: ChargeRunRow, actorId: string | null): Promise<BegunRun> {
  const now = ctx.clock.now();
  const missed = await missesTarget(tx, event);
  const funding = await lifecycleRecords.creatorPledge(tx, event.id);
  const fundingCharged = funding?.status === 'charged' && !funding.chargeRunId ? funding : undefined;
  if (fundingCharged) await pledgeChargeStateRepository.update(tx, fundingCharged.id, { chargeRunId: run.id });
  let pledgeIds: string[] = [];
  // A runoff releases the options outside the creator's chosen placements first.
  let total = (fundingCharged ? 1 : 0) + (await settleRunoff(tx, event, run.id, missed));
  if (missed) {
    total += await releasePledgesWithin(ctx, tx, { id: event.id, name: event.name }, 'target', run.id);
  } else {
    pledgeIds = await pledgeChargeStateRepository.claimPendingForRun(tx, event.id, run.id);
    // Nothing to charge first: the matches are fixed at once (decision 109), from no pledge charged.
    if (!pledgeIds.length) pledgeIds = await matchRecords.settleWithin(ctx, tx, event, run.id);
    total += pledgeIds.length;
    if (fundingCharged) {
      const escrow = (fundingCharged.chargedCents ?? 0) - (fundingCharged.cardFeeCents ?? 0);
      await ledgerRepository.post(tx, {
        kind: 'funding_settlement',
        idempotencyKey: ledgerKeys.fundingSettlement(fundingCharged.id),
        pledgeId: fundingCharged.id,
        eventId: event.id,
        entries: fundingSettlementEntries({
          escrowCents: escrow,
          platformFeeCents: fundingCharged.platformFeeCents,
          eventId: event.id,
          charityId: event.charityId,
        }),
      });
    }
  }
  const saved = await repo.beginRun(tx, run.id, {
    outcome: missed ? 'release' : 'charge',
    total,
    startedAt: now,
    startedBy: actorId ?? run.startedBy,
    finishedAt: pledgeIds.length ? null : now,
  });
  await auditRepository.record(tx, {
    actorId,
    action: 'event.charge',
    // The campaign's audit trail holds the run that charged it, and who or what started it.
    targetType: 'event',
    targetId: event.id,
    after: { charge_run_id: run.id, outcome: saved.outcome, total, trigger: run.trigger },
  });
  return { run: saved, created: true, pledgeIds, refund: missed ? fundingCharged?.id : undefined };
}

/** After the commit: one job per claimed pledge, the funding refund of a release, live pages told. */
export async function afterRunBegun(ctx: AppContext, eventId: string, begun: BegunRun): Promise<void> {
  await ctx.jobs.sendMany(
    CHARGE_PLEDGE_QUEUE,
    begun.pledgeIds.map((pledgeId) => ({ pledgeId })),
  );
  if (begun.refund) ctx.jobs.enqueue(REFUND_FUNDING_QUEUE, { pledgeId: begun.refund, reason: 'release' });
  notifyCampaignChanged(ctx, eventId);
}

function fundingOutcome(runOutcome: ChargeRunRow['outcome'], status: string): ChargeRunFunding['outcome'] {
  if (runOutcome === 'charge') return 'passed_on';
  return status === 'refunded' ? 'refunded' : 'refunding';
}

/**
 * The admin's charge of a completed campaign (docs/product.md#campaign-life-cycle): one run per campaign (a
 * unique index and the campaign's row lock; a second request answers with the first run).
 */
export function createChargeRuns(ctx: AppContext) {
  const { db } = ctx;

  async function progress(run: ChargeRunRow): Promise<ChargeRun> {
    const [counts, fundingPledge, openDisputes] = await Promise.all([
      repo.runCounts(db, run.id),
      lifecycleRecords.creatorPledge(db, run.eventId),
      disputeRecords.openCountForRun(db, run.id),
    ]);
    const { supporters, matches, funding } = counts;
    const outcomeCounts = (of: typeof matches) => ({
      total: of.total,
      charged: of.charged,
      failed: of.failed,
      released: of.released,
      charged_amount: centsToDollars(of.chargedCents),
    });
    return {
      _id: run.id,
      event_id: run.eventId,
      status: run.status,
      outcome: run.outcome,
      trigger: run.trigger,
      total: run.total,
      charged: counts.charged,
      failed: counts.failed,
      released: counts.released,
      charged_amount: centsToDollars(counts.chargedCents),
      pledges: outcomeCounts(supporters),
      match_charges: outcomeCounts(matches),
      funding: funding
        ? {
            amount: centsToDollars(funding.chargedCents),
            to_charity: centsToDollars(run.outcome === 'charge' && fundingPledge ? fundingToCharityCents(fundingPledge) : 0),
            outcome: fundingOutcome(run.outcome, funding.status),
          }
        : null,
      open_disputes: openDisputes,
      started_at: run.startedAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
    };
  }

  return {
    progress,

    async start(auth: AuthInfo, eventId: string): Promise<{ run: ChargeRun; created: boolean }> {
      const begun = await db.transaction(async (tx): Promise<BegunRun> => {
        const event = await eventRecords.lock(tx, eventId, 'update');
        if (!event) throw AppError.notFound('Event not found');
        const existing = await repo.runForEvent(tx, eventId);
        if (existing) return { run: existing, created: false, pledgeIds: [] };
        if (event.status !== 'completed') throw AppError.conflict('EVENT_NOT_COMPLETED', CHARGE_RUN_MESSAGES.notCompleted);
        const outcome = (await missesTarget(tx, event)) ? 'release' : 'charge';
        const run = await repo.insertRun(tx, { eventId, outcome, total: 0, startedBy: auth.userId, startedAt: ctx.clock.now() });
        return beginRun(ctx, tx, event, run, auth.userId);
      });
      if (begun.created) await afterRunBegun(ctx, eventId, begun);
      return { run: await progress(begun.run), created: begun.created };
    },

    /** The run of a campaign, for its creator and admins (the creator follows the deadline charge too). */
    async forEvent(auth: AuthInfo, eventId: string): Promise<ChargeRun> {
      const event = await lifecycleRecords.findEvent(db, eventId);
      if (!event) throw AppError.notFound('Event not found');
      assertCanManage(event, auth);
      const run = await repo.runForEvent(db, eventId);
      if (!run) throw AppError.notFound(CHARGE_RUN_MESSAGES.notFound);
      return progress(run);
    },

    async get(runId: string): Promise<ChargeRun> {
      const run = await repo.runById(db, runId);
      if (!run) throw AppError.notFound(CHARGE_RUN_MESSAGES.notFound);
      return progress(run);
    },
  };
}
