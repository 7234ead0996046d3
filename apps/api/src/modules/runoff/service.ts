import {
  EVENT_MESSAGES,
  RUNOFF_MESSAGES,
  centsToDollars,
  dollarsToCents,
  type EditEventForm,
  type RunoffPlacementsRequest,
  type RunoffResultRow,
} from '@pledgeway/domain';
import { chargedOptionIds, ordinal, placementsLabel, rankRunoffOptions } from '@pledgeway/domain/runoff';
import type { Executor } from '../../db/client.ts';
import type { AppContext, AuthInfo } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { auditRepository } from '../audit/index.ts';
import { assertCanManage } from '../event-reads/index.ts';
import { runoffOptionTotals } from '../event-reads/index.ts';
import { eventRecords } from '../event-records/index.ts';
import { runoffRepository as repo } from './repository.ts';
import { pledgeStatusRepository } from '../pledges/index.ts';

/** What settling a runoff needs of its (already locked) campaign row. */
export interface RunoffCampaign {
  id: string;
  kind: string;
  runoffWinBy: 'donor_total' | 'donation_total' | null;
  runoffChargedPlaces: number | null;
}

/**
 * The creator's choice of the charged placements (issue 12): only after completing, before the
 * charge run, and never beyond the placements declared to supporters before they pledged.
 */
export function createRunoffService(ctx: AppContext) {
  return {
    async choosePlacements(auth: AuthInfo | null, eventId: string, choice: RunoffPlacementsRequest): Promise<{ places: number; message: string }> {
      return ctx.db.transaction(async (tx) => {
        const event = await eventRecords.lock(tx, eventId, 'update');
        if (!event) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
        assertCanManage(event, auth);
        if (event.kind !== 'runoff') throw AppError.conflict('NOT_RUNOFF', RUNOFF_MESSAGES.notRunoff);
        if (event.status !== 'completed') throw AppError.conflict('EVENT_NOT_COMPLETED', RUNOFF_MESSAGES.notCompleted);
        if (await repo.isSettled(tx, eventId)) throw AppError.conflict('RUNOFF_SETTLED', RUNOFF_MESSAGES.alreadyCharged);
        const allowed = event.runoffChargeablePlaces;
        if (allowed !== null && choice.places > allowed) {
          const message = RUNOFF_MESSAGES.overDeclared.replace('{place}', ordinal(allowed));
          throw AppError.validation({ places: message }, message);
        }
        await eventRecords.update(tx, eventId, { runoffChargedPlaces: choice.places });
        await auditRepository.record(tx, {
          actorId: auth!.userId,
          action: 'event.runoff_placements',
          targetType: 'event',
          targetId: eventId,
          before: { charged_places: event.runoffChargedPlaces },
          after: { charged_places: choice.places },
        });
        const optionCount = (await repo.optionIds(tx, eventId)).length;
        return { places: choice.places, message: RUNOFF_MESSAGES.saved.replace('{label}', placementsLabel(choice.places, optionCount)) };
      });
    },
  };
}

/**
 * Part of the charge run's transaction (the campaign row is locked by it): ranks the options from
 * the counted pledges, releases the pledges of options outside the chosen placements into the run
 * and keeps the final ranking. `releaseAll` is All or Nothing below its target. Returns how many
 * pledges it released; throws, undoing the run, when the creator has not chosen yet.
 */
export async function settleRunoff(tx: Executor, event: RunoffCampaign, chargeRunId: string, releaseAll: boolean): Promise<number> {
  if (event.kind !== 'runoff') return 0;
  if (!releaseAll && event.runoffChargedPlaces === null) throw AppError.conflict('RUNOFF_CHOICE_REQUIRED', RUNOFF_MESSAGES.choiceRequired);
  const ids = await repo.optionIds(tx, event.id);
  const totals = await runoffOptionTotals(tx, event.id);
  const ranked = rankRunoffOptions(
    ids,
    totals.map((option) => ({ participant_id: option.participantId, raised: centsToDollars(option.raisedCents), supporters: option.supporters })),
    event.runoffWinBy ?? 'donation_total',
  );
  const charged = releaseAll ? new Set<string>() : chargedOptionIds(ranked, event.runoffChargedPlaces ?? 0);
  const released = await pledgeStatusRepository.releaseForOptions(
    tx,
    event.id,
    ids.filter((id) => !charged.has(id)),
    chargeRunId,
  );
  const anyPledge = ranked.some((row) => row.supporters > 0);
  await repo.insertResults(
    tx,
    ranked.map((row) => ({
      eventId: event.id,
      participantId: row.participant_id,
      place: row.place,
      raisedCents: totals.find((option) => option.participantId === row.participant_id)?.raisedCents ?? 0,
      supporters: row.supporters,
      charged: charged.has(row.participant_id),
      tieNote: anyPledge ? row.tieNote : null,
      chargeRunId,
    })),
  );
  return released;
}

/** A settled runoff's final ranking for its page, leader first; null before the charge run. */
export async function runoffResult(db: Executor, eventId: string): Promise<RunoffResultRow[] | null> {
  const rows = await repo.results(db, eventId);
  if (!rows.length) return null;
  return rows.map((row) => ({
    participant_id: row.participantId,
    place: row.place,
    raised: centsToDollars(row.raisedCents),
    supporters: row.supporters,
    charged: row.charged,
    tie_note: row.tieNote,
  }));
}

/** Each option's counted totals now (dollars), as the live channel's `options` carry them. */
/** What the edit form's runoff rules are read from: the sent fields, else the stored values. */
export function runoffRuleFields(
  row: { kind: string; runoffWinBy: string | null; runoffFixedAmountCents: number | null; runoffChargeablePlaces: number | null },
  fields: Record<string, string | undefined>,
) {
  if (row.kind !== 'runoff') return {};
  return {
    kind: row.kind,
    runoff_win_by: fields.runoff_win_by ?? row.runoffWinBy,
    runoff_fixed_amount: fields.runoff_fixed_amount ?? (row.runoffFixedAmountCents === null ? null : centsToDollars(row.runoffFixedAmountCents)),
    runoff_chargeable_places: fields.runoff_chargeable_places ?? row.runoffChargeablePlaces ?? 'all',
  };
}

/**
 * Stores edited runoff rules inside the edit's transaction. Supporters pledged under the rules they
 * read, so a change is refused once anyone but the creator has pledged; the campaign row is locked
 * so a pledge (which share-locks it) cannot slip in between the check and the write.
 */
export async function applyRunoffRules(
  tx: Executor,
  eventId: string,
  form: Pick<EditEventForm, 'runoff_win_by' | 'runoff_fixed_amount' | 'runoff_chargeable_places'>,
): Promise<void> {
  const event = await eventRecords.lock(tx, eventId, 'update');
  if (!event || event.kind !== 'runoff') return;
  const next = {
    runoffWinBy: form.runoff_win_by,
    runoffFixedAmountCents: form.runoff_win_by === 'donor_total' && form.runoff_fixed_amount !== null ? dollarsToCents(form.runoff_fixed_amount) : null,
    runoffChargeablePlaces: form.runoff_chargeable_places,
  };
  const changed =
    next.runoffWinBy !== event.runoffWinBy ||
    next.runoffFixedAmountCents !== event.runoffFixedAmountCents ||
    next.runoffChargeablePlaces !== event.runoffChargeablePlaces;
  if (!changed) return;
  if (await repo.hasSupporterPledge(tx, eventId)) throw AppError.conflict('RUNOFF_RULES_LOCKED', RUNOFF_MESSAGES.rulesLocked);
  await eventRecords.update(tx, eventId, next);
}
