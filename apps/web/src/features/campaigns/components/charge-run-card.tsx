import type { ChargeRun } from '@pledgeway/domain/schemas/lifecycle';
import type { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { CardCountdown, formatDeadline } from '@/components/campaign/deadline-countdown';
import { chargeRunCounts, chargeRunFunding, chargeRunState } from '@/components/charging/charge-run-text';
import { useCampaignChargeRun } from '../api/get-charge-run';

function runText(run: ChargeRun): string {
  if (run.status === 'held')
    return 'The deadline has passed and the platform team is reviewing the campaign before its pledges are charged. Nothing is charged yet.';
  return [chargeRunState(run), chargeRunCounts(run), chargeRunFunding(run, 'Your')].filter(Boolean).join(' ');
}

/**
 * The creator's view of charging: for a Money Bomb or Crowdfunding the countdown to the deadline
 * at which the pledges are charged automatically, then the run's progress as the admin sees it.
 */
export function ChargeRunCard({ event }: { event: ManageEventResponse }) {
  const relevant = Boolean(event.deadline) || event.status === 'completed';
  const run = useCampaignChargeRun(event._id, relevant);
  if (!relevant) return null;
  return (
    <section className="card grid gap-2 p-6" aria-labelledby="charging-heading">
      <h2 id="charging-heading" className="text-sm font-semibold text-ink-500">
        Charging
      </h2>
      {run.data ? (
        <p className="text-sm text-ink-800">
          {runText(run.data)}
          {run.data.trigger === 'deadline' && ' Started automatically at the deadline.'}
        </p>
      ) : event.deadline && event.status !== 'completed' ? (
        <>
          <p className="text-sm text-ink-800">
            Pledges are charged automatically at the deadline
            {event.funding_model === 'all_or_nothing' ? ' if the target is reached (otherwise every pledge is released)' : ''}: {formatDeadline(event.deadline)}
            .
          </p>
          <CardCountdown deadline={event.deadline} className="text-sm font-semibold text-brand-800" />
        </>
      ) : (
        <p className="text-sm text-ink-800">{run.isError ? run.error.message : 'Waiting for the platform team to confirm the charge.'}</p>
      )}
    </section>
  );
}
