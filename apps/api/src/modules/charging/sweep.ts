import { and, eq, inArray, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { events, pledges } from '../../db/schema.ts';
import { REFUND_FUNDING_QUEUE, type RefundReason } from '../lifecycle/index.ts';
import { ATTEMPT_LEASE_MS } from './attempts.ts';
import { CHARGE_PLEDGE_QUEUE } from './charge-pledge.ts';
import { chargingRepository } from './repository.ts';
import { chargeRuns } from './tables.ts';

export const MONEY_SWEEP_QUEUE = 'money-sweep';
/** A run older than this with pending pledges lost its jobs (an instance stopped between commit and queueing). */
const STALLED_AFTER_MS = 10 * 60_000;

/**
 * Finishes charge runs whose last outcome was recorded by a process that stopped before finishing
 * the run, and queues again what a crash may have left unqueued: pending pledges of running charge runs,
 * attempts claimed and never recorded (taken over by their job), and refunds owed on closed, deleted or released campaigns. Both handlers are idempotent, so a job
 * queued twice does nothing the second time.
 */
export async function resumeInterruptedWork(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now().getTime();
  await chargingRepository.finishDoneRuns(ctx.db, ctx.clock.now());
  const stalled = await chargingRepository.pendingOfRunningRuns(ctx.db, new Date(now - STALLED_AFTER_MS));
  const abandoned = await chargingRepository.abandonedAttempts(ctx.db, new Date(now - ATTEMPT_LEASE_MS));
  await ctx.jobs.sendMany(
    CHARGE_PLEDGE_QUEUE,
    [...new Set([...stalled, ...abandoned])].map((pledgeId) => ({ pledgeId })),
  );
  const owed = await ctx.db
    .select({ id: pledges.id, eventStatus: events.status, outcome: chargeRuns.outcome })
    .from(pledges)
    .innerJoin(events, eq(events.id, pledges.eventId))
    .leftJoin(chargeRuns, eq(chargeRuns.id, pledges.chargeRunId))
    .where(
      and(
        eq(pledges.isCreatorPledge, true),
        eq(pledges.status, 'charged'),
        or(inArray(events.status, ['close', 'cancelled']), eq(chargeRuns.outcome, 'release')),
      ),
    );
  for (const row of owed) {
    const reason: RefundReason = row.eventStatus === 'close' ? 'close' : row.eventStatus === 'cancelled' ? 'delete' : 'release';
    await ctx.jobs.send(REFUND_FUNDING_QUEUE, { pledgeId: row.id, reason });
  }
}
