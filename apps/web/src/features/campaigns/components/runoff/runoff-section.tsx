import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { RunoffOptions, RunoffRules } from './runoff-options';
import { RunoffRanking } from './runoff-ranking';

/** A runoff's rules, live ranking and one Pledge button per option. */
export function RunoffSection({ event }: { event: EventDetailResponse }) {
  return (
    <div className="mt-8 grid gap-6">
      <RunoffRules event={event} />
      <RunoffRanking
        participants={event.participants}
        options={event.runoff_totals ?? []}
        winBy={event.runoff_win_by ?? 'donation_total'}
        result={event.runoff_result}
      />
      <RunoffOptions event={event} />
    </div>
  );
}
