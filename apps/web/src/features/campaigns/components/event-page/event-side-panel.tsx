import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { campaignTimeLabel, endedLabel, isUpcoming } from '@pledgeway/domain/dates';
import { dollarsToCents, exactProgressPercent, formatDollars } from '@pledgeway/domain/money';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { PageCountdown } from '@/components/campaign/deadline-countdown';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { PledgeAction } from '../pledge/pledge-action';
import { ShareButtons } from '../share-buttons';
import { useAuth } from '@/lib/auth';
import { useNow, useOrigin } from '@/lib/hydration';

// A signed-in supporter's own pledges here, with "Raise my pledge": loaded only for a signed-in user.
const RaiseMyPledge = lazy(() => import('../pledge/raise-my-pledge'));
// Promoting is below Share, and the request dialog behind it: loaded after the page.
const PromotePanel = lazy(() => import('../promotions/promote-panel'));

/** The side panel: raised against the goal, time left, Pledge, the supporter's own pledges, Share and Promote. */
export function EventSidePanel({ event }: { event: EventDetailResponse }) {
  // Money Bomb and Crowdfunding count down to the deadline at which their pledges are charged.
  const now = useNow();
  const hasCountdown = Boolean(event.deadline) && !isUpcoming(event.start_date, now) && !endedLabel(event.status);
  const percent = exactProgressPercent(dollarsToCents(event.payment_amount), dollarsToCents(event.target_amount));
  const url = `${useOrigin()}${paths.event(event._id)}`;
  const { status } = useAuth();
  return (
    <aside className="lg:sticky lg:top-28 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
      <div className="card grid gap-4 p-6">
        <p>
          <span className="text-3xl font-bold text-ink-900">{formatDollars(event.payment_amount)}</span>
          <span className="text-ink-500"> raised of {formatDollars(event.target_amount)} goal</span>
        </p>
        <ProgressBar value={Number(percent)} label={`Raised toward the ${formatDollars(event.target_amount)} goal`} valueText={`${percent}% funded`} />
        <div className="flex justify-between text-sm font-semibold">
          <span>{percent}%</span>
          {!hasCountdown && <span>{campaignTimeLabel(event, now)}</span>}
        </div>
        {hasCountdown && <PageCountdown deadline={event.deadline!} fundingModel={event.funding_model} />}
        <p className="flex flex-wrap justify-between gap-2 text-sm text-ink-500">
          <span>
            {event.supporters} {event.supporters === 1 ? 'supporter' : 'supporters'}
          </span>
          <Link to={paths.eventMoney(event._id)} className="font-semibold text-ink-700 underline">
            See where the money goes
          </Link>
        </p>
        <PledgeAction event={event} />
        {status === 'authenticated' && (
          <Suspense fallback={null}>
            <RaiseMyPledge event={event} />
          </Suspense>
        )}
        <div>
          <p className="mb-2 text-sm font-semibold text-ink-600">Share</p>
          <ShareButtons url={url} title={event.name} />
        </div>
        <Suspense fallback={null}>
          <PromotePanel event={event} />
        </Suspense>
      </div>
    </aside>
  );
}
