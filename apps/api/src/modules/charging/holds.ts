import { eq } from 'drizzle-orm';
import { CHARGE_HOLD_MESSAGES, type ChargeHold } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { auditRepository } from '../audit/index.ts';
import { afterRunBegun, beginRun, type BegunRun } from './runs.ts';
import { chargingRepository as repo, type ChargeRunRow } from './repository.ts';
import { chargeHolds } from './tables.ts';
import { eventRecords } from '../event-records/index.ts';

type HoldRow = typeof chargeHolds.$inferSelect;

function toHold(row: HoldRow, run: ChargeRunRow | undefined): ChargeHold {
  return { event_id: row.eventId, reason: row.reason, held_at: row.createdAt.toISOString(), charge_run_id: run?.status === 'held' ? run.id : null };
}

async function findHold(tx: Executor, eventId: string): Promise<HoldRow | undefined> {
  const [row] = await tx.select().from(chargeHolds).where(eq(chargeHolds.eventId, eventId)).limit(1);
  return row;
}

/**
 * An admin's hold on a crowdfunding campaign's deadline charge (decision 068). Placed before the
 * run starts, it makes the deadline job create the run `held`; lifting it starts a held run at
 * once, or lets the deadline charge as usual. Every change locks the campaign row, the same lock
 * the deadline job takes, so a hold and the deadline never cross.
 */
export function createChargeHolds(ctx: AppContext) {
  const { db } = ctx;

  return {
    async get(eventId: string): Promise<ChargeHold | null> {
      const hold = await findHold(db, eventId);
      return hold ? toHold(hold, await repo.runForEvent(db, eventId)) : null;
    },

    async hold(auth: AuthInfo, eventId: string, reason: string): Promise<ChargeHold> {
      return db.transaction(async (tx) => {
        const event = await eventRecords.lock(tx, eventId, 'update');
        if (!event) throw AppError.notFound('Event not found');
        if (event.kind !== 'crowdfunding') throw AppError.conflict('HOLD_NOT_ALLOWED', CHARGE_HOLD_MESSAGES.onlyCrowdfunding);
        if (!['approved', 'freeze', 'completed'].includes(event.status)) throw AppError.conflict('HOLD_NOT_ALLOWED', CHARGE_HOLD_MESSAGES.notLive);
        const run = await repo.runForEvent(tx, eventId);
        if (run && run.status !== 'held') throw AppError.conflict('CHARGING_STARTED', CHARGE_HOLD_MESSAGES.alreadyStarted);
        const existing = await findHold(tx, eventId);
        if (existing) return toHold(existing, run);
        const [row] = await tx.insert(chargeHolds).values({ eventId, heldBy: auth.userId, reason, createdAt: ctx.clock.now() }).returning();
        await auditRepository.record(tx, { actorId: auth.userId, action: 'event.charge_hold', targetType: 'event', targetId: eventId, reason });
        return toHold(row!, run);
      });
    },

    /** Lifts the hold; a run the deadline kept waiting starts charging now. Returns whether it did. */
    async release(auth: AuthInfo, eventId: string): Promise<{ started: boolean }> {
      const begun = await db.transaction(async (tx): Promise<BegunRun | undefined> => {
        const event = await eventRecords.lock(tx, eventId, 'update');
        if (!event) throw AppError.notFound('Event not found');
        if (!(await findHold(tx, eventId))) throw AppError.conflict('NOT_HELD', CHARGE_HOLD_MESSAGES.notHeld);
        await tx.delete(chargeHolds).where(eq(chargeHolds.eventId, eventId));
        await auditRepository.record(tx, { actorId: auth.userId, action: 'event.charge_release', targetType: 'event', targetId: eventId });
        const run = await repo.runForEvent(tx, eventId);
        return run?.status === 'held' ? beginRun(ctx, tx, event, run, auth.userId) : undefined;
      });
      if (begun) await afterRunBegun(ctx, eventId, begun);
      return { started: Boolean(begun) };
    },
  };
}
