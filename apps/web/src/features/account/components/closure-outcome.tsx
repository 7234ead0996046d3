import { statusBadge } from '@pledgeway/domain/status';
import { formatDate } from '@/lib/format';
import type { ClosureStatus } from '../api/get-closure-status';

/** What closing means for this account right now. */
export function ClosureOutcome({ status }: { status: ClosureStatus }) {
  if (status.outcome === 'immediate') {
    return <p className="text-ink-700">Nothing is outstanding: your account will be deleted as soon as you confirm.</p>;
  }
  return (
    <div className="space-y-3 text-ink-700">
      {status.outcome === 'scheduled' ? (
        <p>
          Your account {status.requested ? 'will close' : 'would close'} on <strong className="text-ink-900">{formatDate(status.scheduled_at)}</strong>, 3
          months after your last campaign closed.
        </p>
      ) : (
        <p>
          Your account {status.requested ? 'will close' : 'would close'} once your running campaigns and pending pledges are finished
          {status.launched_campaigns.length ? '; then 3 months after your last campaign closes' : ''}.
        </p>
      )}
      {status.launched_campaigns.length > 0 && (
        <div>
          <p className="font-semibold text-ink-900">Launched campaigns</p>
          <ul className="mt-1 list-disc pl-5">
            {status.launched_campaigns.map((campaign) => (
              <li key={campaign._id}>
                {campaign.name} <span className="text-ink-500">({statusBadge(campaign.status).label})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {status.pending_pledges > 0 && (
        <p>
          {status.pending_pledges === 1
            ? 'One of your pledges is still waiting for its campaign to finish.'
            : `${status.pending_pledges} of your pledges are still waiting for their campaigns to finish.`}
        </p>
      )}
    </div>
  );
}
