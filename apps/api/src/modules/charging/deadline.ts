import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { campaignDeadline, DEADLINE_KINDS, isDeadlineKind } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { events } from '../../db/schema.ts';
import type { EmailMessage } from '../../providers/email/index.ts';
import { auditRepository } from '../audit/index.ts';
import { lifecycleRecords } from '../lifecycle/index.ts';
import { afterRunBegun, beginRun, missesTarget, type BegunRun } from './runs.ts';
import { chargingRepository as repo } from './repository.ts';
import { chargeHolds, chargeRuns } from './tables.ts';
import { eventRecords } from '../event-records/index.ts';

export const DEADLINE_CHARGES_QUEUE = 'deadline-charges';

/**
 * Campaigns of a deadline kind whose duration has ended and that have no run yet. The deadline is
 * campaignDeadline's rule in SQL: from the later of approval and the start date (00:00 UTC), for
 * duration_days (30 when unset). Frozen campaigns wait: they are charged once unfrozen.
 */
async function dueCampaigns(ctx: AppContext, now: Date): Promise<string[]> {
  const opened = sql`greatest(${events.approvedAt}, coalesce((${events.startDate})::timestamp at time zone 'UTC', ${events.approvedAt}))`;
  const rows = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        inArray(events.kind, [...DEADLINE_KINDS]),
        eq(events.status, 'approved'),
        isNotNull(events.approvedAt),
        sql`${opened} + make_interval(days => coalesce(${events.durationDays}, 30)) <= ${now.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${chargeRuns} cr where cr.event_id = ${events.id})`,
      ),
    )
    .limit(200);
  return rows.map((row) => row.id);
}

function deadlineEmail(to: string, campaign: { id: string; name: string }, held: boolean, publicUrl: string): EmailMessage {
  const next = held
    ? 'An admin is reviewing it before the pledges are charged; supporters receive a receipt when their card is charged.'
    : 'Its pledges are now being charged (or, for All or Nothing below its target, released); supporters receive a receipt when their card is charged.';
  return {
    to,
    kind: 'campaign-deadline',
    subject: `"${campaign.name}" reached its deadline`,
    text: `"${campaign.name}" reached the end of its duration and no longer takes pledges. ${next}\n\n${publicUrl}/events/${campaign.id}`,
  };
}

/**
 * Ends one campaign at its deadline and starts its charge run, with no admin step (decision 068).
 * The campaign row is locked and the run is unique per campaign, so two instances or a retried job
 * start it once; the pledges are then charged by the same idempotent per-pledge jobs as an admin's
 * run. A crowdfunding campaign an admin put on hold gets a `held` run that charges nothing yet.
 * Returns whether this call started it.
 */
export async function chargeAtDeadline(ctx: AppContext, eventId: string): Promise<boolean> {
  const now = ctx.clock.now();
  const begun = await ctx.db.transaction(async (tx): Promise<BegunRun | undefined> => {
    const event = await eventRecords.lock(tx, eventId, 'update');
    if (!event || !isDeadlineKind(event.kind) || event.status !== 'approved') return undefined;
    const deadline = campaignDeadline(event);
    if (!deadline || deadline > now || (await repo.runForEvent(tx, eventId))) return undefined;
    const [hold] = event.kind === 'crowdfunding' ? await tx.select().from(chargeHolds).where(eq(chargeHolds.eventId, eventId)) : [];
    const completed = await lifecycleRecords.updateEvent(tx, eventId, { status: 'completed', completedAt: now, endedAt: now });
    await auditRepository.record(tx, {
      actorId: null,
      action: 'event.deadline',
      targetType: 'event',
      targetId: eventId,
      before: { status: event.status },
      after: { status: 'completed', deadline: deadline.toISOString(), held: Boolean(hold) },
    });
    const ownerEmail = await lifecycleRecords.ownerEmail(tx, event.ownerId);
    if (ownerEmail) await ctx.mailer.send(deadlineEmail(ownerEmail, event, Boolean(hold), ctx.config.publicUrl), tx);
    const outcome = (await missesTarget(tx, completed)) ? 'release' : 'charge';
    const run = await repo.insertRun(tx, {
      eventId,
      outcome,
      total: 0,
      trigger: 'deadline',
      status: hold ? 'held' : 'running',
      startedBy: null,
      startedAt: now,
    });
    if (hold) return { run, created: true, pledgeIds: [] };
    return beginRun(ctx, tx, completed, run, null);
  });
  if (!begun) return false;
  await afterRunBegun(ctx, eventId, begun);
  return true;
}

/** The scheduled job: every campaign past its deadline gets its run; one campaign's failure does not stop the others. */
export async function chargeDueCampaigns(ctx: AppContext): Promise<number> {
  let started = 0;
  let failure: unknown;
  for (const eventId of await dueCampaigns(ctx, ctx.clock.now())) {
    try {
      if (await chargeAtDeadline(ctx, eventId)) started += 1;
    } catch (error) {
      ctx.log.error({ err: error, eventId }, 'deadline charge failed; the next run of the job tries again');
      failure = error;
    }
  }
  if (failure) throw failure;
  return started;
}
