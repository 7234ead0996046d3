import { formatDollars } from '@pledgeway/domain/money';
import { placementsLabel, runoffChargeRuleText } from '@pledgeway/domain/runoff';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { Avatar } from '@/components/ui/avatar';
import { PledgeButton } from '../pledge/pledge-action';

/** How the runoff is won and which pledges are charged: shown to supporters before they pledge. */
export function RunoffRules({ event }: { event: EventDetailResponse }) {
  const fixed = event.runoff_fixed_amount ?? null;
  const settled = event.runoff_result ? event.runoff_charged_places : null;
  return (
    <section aria-labelledby="runoff-rules-heading" className="rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6">
      <h2 id="runoff-rules-heading" className="text-xl font-bold">
        Rules of this runoff
      </h2>
      <dl className="mt-3 grid gap-3 text-ink-800">
        <div>
          <dt className="font-semibold">How it is won</dt>
          <dd>
            {event.runoff_win_by === 'donor_total'
              ? `Donor Total: every pledge is ${fixed === null ? 'one fixed amount' : formatDollars(fixed)}, and the option with the most supporters wins.`
              : 'Donation Total: pledge any amount; the option with the highest sum wins.'}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Which pledges are charged</dt>
          <dd>{runoffChargeRuleText(event.runoff_chargeable_places ?? null)}</dd>
        </div>
        {settled !== null && settled !== undefined && (
          <div>
            <dt className="font-semibold">The creator's choice</dt>
            <dd>{placementsLabel(settled, event.participants.length)} charged; the other pledges were released uncharged.</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** The runoff's options, each with its own pledge button (the dialog opens with it chosen). */
export function RunoffOptions({ event }: { event: EventDetailResponse }) {
  const fixed = event.runoff_win_by === 'donor_total' ? (event.runoff_fixed_amount ?? null) : null;
  return (
    <section aria-labelledby="runoff-options-heading">
      <h2 id="runoff-options-heading" className="text-2xl font-bold">
        The options
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
        {event.participants.map((option) => (
          <li key={option._id} className="card flex flex-col p-5 [overflow-wrap:anywhere]" data-testid="runoff-option">
            <div className="flex items-center gap-4">
              <Avatar src={option.profile_image_url} className="size-16" />
              <div className="min-w-0">
                <h3 className="text-lg font-semibold">{option.full_name}</h3>
                {option.about && <p className="text-sm font-semibold text-brand-700">{option.about}</p>}
              </div>
            </div>
            {option.about_participant && <p className="mt-3 text-sm whitespace-pre-line text-ink-700">{option.about_participant}</p>}
            <div className="mt-auto pt-4">
              <PledgeButton
                event={event}
                participantId={option._id}
                label={fixed === null ? 'Pledge to this option' : `Pledge ${formatDollars(fixed)}`}
                ariaLabel={`Pledge to ${option.full_name}`}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
