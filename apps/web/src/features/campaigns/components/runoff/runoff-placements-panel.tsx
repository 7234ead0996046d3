import { useState } from 'react';
import { placementsLabel, runoffChargeRuleText, RUNOFF_ALL_PLACES } from '@pledgeway/domain/runoff';
import type { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import type { RunoffPlacementChoice } from '@pledgeway/domain/schemas/runoff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { useChooseRunoffPlacements } from '../../api/choose-runoff-placements';

/** The numbers of placements the creator may pick for "the top N": 2 up to what the rules allow. */
function topChoices(optionCount: number, allowed: number | null): number[] {
  const highest = Math.min(optionCount - 1, allowed ?? RUNOFF_ALL_PLACES - 1);
  return Array.from({ length: Math.max(0, highest - 1) }, (_, index) => index + 2);
}

/**
 * The creator's end of a runoff (/user/event/{id}): once complete, choose which placements are
 * charged, within the rules supporters saw; the choice can change until the charge runs.
 */
export function RunoffPlacementsPanel({ event }: { event: ManageEventResponse }) {
  const choose = useChooseRunoffPlacements(event._id);
  const allowed = event.runoff_chargeable_places ?? null;
  const optionCount = event.participants.length;
  const tops = topChoices(optionCount, allowed);
  const allAllowed = allowed === null || allowed >= optionCount;
  const [charge, setCharge] = useState<RunoffPlacementChoice>('winner');
  const [places, setPlaces] = useState(tops[0] ?? 2);
  const [message, setMessage] = useState<string | null>(null);
  const settled = Boolean(event.runoff_result?.length);
  const chosen = event.runoff_charged_places ?? null;

  const submit = async () => {
    setMessage(null);
    const answer = await choose.mutateAsync(charge === 'top' ? { charge, places } : { charge });
    setMessage(answer.message);
  };

  return (
    <section className="card grid gap-3 p-6" aria-labelledby="placements-heading">
      <h2 id="placements-heading" className="text-lg font-semibold">
        Charged placements
      </h2>
      <p className="text-sm text-ink-600">{runoffChargeRuleText(allowed)}</p>
      {settled ? (
        <Alert tone="success">{placementsLabel(chosen, optionCount)} charged; the other pledges were released.</Alert>
      ) : event.status !== 'completed' ? (
        <p className="text-sm text-ink-600">Mark the runoff complete (Edit, status Completed) to choose which placements are charged.</p>
      ) : (
        <form
          className="grid gap-3"
          onSubmit={(formEvent) => {
            formEvent.preventDefault();
            void submit().catch(() => undefined);
          }}
        >
          {chosen !== null && <p className="text-sm font-semibold">Chosen now: {placementsLabel(chosen, optionCount)}. An admin charges them next.</p>}
          <fieldset className="grid gap-2">
            <legend className="sr-only">Which placements are charged</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="charge" className="accent-brand-600" checked={charge === 'winner'} onChange={() => setCharge('winner')} />
              Only the winner
            </label>
            {tops.length > 0 && (
              <label className="flex flex-wrap items-center gap-2">
                <input type="radio" name="charge" className="accent-brand-600" checked={charge === 'top'} onChange={() => setCharge('top')} />
                The top
                <Select
                  aria-label="Number of placements charged"
                  className="w-20"
                  value={places}
                  onChange={(change) => {
                    setPlaces(Number(change.target.value));
                    setCharge('top');
                  }}
                >
                  {tops.map((count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </Select>
                placements
              </label>
            )}
            {allAllowed && (
              <label className="flex items-center gap-2">
                <input type="radio" name="charge" className="accent-brand-600" checked={charge === 'all'} onChange={() => setCharge('all')} />
                All placements
              </label>
            )}
          </fieldset>
          {choose.isError && <Alert tone="error">{choose.error.message}</Alert>}
          {message && <Alert tone="success">{message}</Alert>}
          <Button type="submit" loading={choose.isPending} loadingText="Saving…">
            Save charged placements
          </Button>
        </form>
      )}
    </section>
  );
}
