import type { ChargeRun } from '@pledgeway/domain';
import { centsToDollars } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { auditRepository } from '../audit/repository.ts';
import { ledgerRepository } from '../ledger/repository.ts';
import { fundingSettlementEntries } from '../ledger/postings.ts';
import { notifyCampaignChanged } from '../lifecycle/notify.ts';
import { lifecycleRepository } from '../lifecycle/repository.ts';
import { REFUND_FUNDING_QUEUE } from '../lifecycle/service.ts';
import { CHARGE_PLEDGE_QUEUE } from './charge-pledge.ts';
import { chargingRepository as repo, type ChargeRunRow } from './repository.ts';

export const CHARGE_RUN_MESSAGES = {
  notCompleted: 'Only a campaign its creator marked complete can be charged',
  notFound: 'Charge run not found',
} as const;

/**
 * The admin's charge of a completed campaign (DESIGN.md section 4): one run per campaign (a
 * unique index; a second request answers with the first run). All or Nothing below its target
 * releases every pledge; otherwise each pending pledge gets a job of its own, and the creator's
 * escrowed funding is settled in the same transaction (fees and the charity's payable).
 */
export function createChargeRuns(ctx: AppContext) {
  const { db } = ctx;

  async function progress(run: ChargeRunRow): Promise<ChargeRun> {
    const counts = await repo.runCounts(db, run.id);
    return {
      _id: run.id,
      event_id: run.eventId,
      status: run.status,
      outcome: run.outcome,
      total: run.total,
      charged: counts.charged,
      failed: counts.failed,
      released: counts.released,
      charged_amount: centsToDollars(counts.chargedCents),
      started_at: run.startedAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
    };
  }

  return {
    async start(auth: AuthInfo, eventId: string): Promise<{ run: ChargeRun; created: boolean }> {
      const started = await db.transaction(async (tx) => {
        const event = await lifecycleRepository.lockEvent(tx, eventId);
        if (!event) throw AppError.notFound('Event not found');
        const existing = await repo.runForEvent(tx, eventId);
        if (existing) return { run: existing, created: false, pledgeIds: [] as string[], refund: undefined };
        if (event.status !== 'completed') throw AppError.conflict('EVENT_NOT_COMPLETED', CHARGE_RUN_MESSAGES.notCompleted);
        const now = ctx.clock.now();
        const missed = event.fundingModel === 'all_or_nothing' && (await lifecycleRepository.countedTotalCents(tx, eventId)) < event.targetCents;
        const run = await repo.insertRun(tx, { eventId, outcome: missed ? 'release' : 'charge', total: 0, startedBy: auth.userId, startedAt: now });
        const funding = await lifecycleRepository.creatorPledge(tx, eventId);
        const fundingCharged = funding?.status === 'charged' && !funding.chargeRunId ? funding : undefined;
        if (fundingCharged) await repo.updatePledge(tx, fundingCharged.id, { chargeRunId: run.id });
        let pledgeIds: string[] = [];
        let total = fundingCharged ? 1 : 0;
        if (missed) {
          total += await lifecycleRepository.releaseUncharged(tx, eventId, run.id);
        } else {
          pledgeIds = await repo.claimPendingForRun(tx, eventId, run.id);
          total += pledgeIds.length;
          if (fundingCharged) {
            const escrow = (fundingCharged.chargedCents ?? 0) - (fundingCharged.cardFeeCents ?? 0);
            await ledgerRepository.post(tx, {
              kind: 'funding_settlement',
              idempotencyKey: `funding-settlement:${fundingCharged.id}`,
              pledgeId: fundingCharged.id,
              eventId,
              entries: fundingSettlementEntries({
                escrowCents: escrow,
                platformFeeCents: fundingCharged.platformFeeCents,
                eventId,
                charityId: event.charityId,
              }),
            });
          }
        }
        const saved = await repo.setRunTotal(tx, run.id, total, pledgeIds.length ? null : now);
        await auditRepository.record(tx, {
          actorId: auth.userId,
          action: 'event.charge',
          // The admin charged the campaign: its audit trail holds the run that did it.
          targetType: 'event',
          targetId: eventId,
          after: { charge_run_id: run.id, outcome: saved.outcome, total },
        });
        return { run: saved, created: true, pledgeIds, refund: missed ? fundingCharged?.id : undefined };
      });
      if (started.created) {
        await ctx.jobs.sendMany(
          CHARGE_PLEDGE_QUEUE,
          started.pledgeIds.map((pledgeId) => ({ pledgeId })),
        );
        if (started.refund) ctx.jobs.enqueue(REFUND_FUNDING_QUEUE, { pledgeId: started.refund, reason: 'release' });
        notifyCampaignChanged(ctx, eventId);
      }
      return { run: await progress(started.run), created: started.created };
    },

    async get(runId: string): Promise<ChargeRun> {
      const run = await repo.runById(db, runId);
      if (!run) throw AppError.notFound(CHARGE_RUN_MESSAGES.notFound);
      return progress(run);
    },
  };
}
