import { useState } from 'react';
import { Link } from 'react-router';
import type { MyPledgeResponse, PledgeStatus } from '@pledgeway/domain/schemas/my-pledges';
import { cardProgressPercent, dollarsToCents, formatDollars } from '@pledgeway/domain/money';
import { daysLeftLabel } from '@pledgeway/domain/dates';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { mediaUrl } from '@/lib/format';
import { UpdateCardDialog } from './update-card-dialog';

const FALLBACK_BANNER = '/images/campaign-banner-01.svg';

const STATUS: Record<PledgeStatus, { label: string; tone: BadgeTone; note: string }> = {
  pending: { label: 'Pending', tone: 'yellow', note: 'Your card is charged only if the event is completed.' },
  charged: { label: 'Charged', tone: 'green', note: 'Charged and passed on to the charity.' },
  failed: { label: 'Payment failed', tone: 'red', note: 'We could not charge your card.' },
  dropped: { label: 'Dropped', tone: 'grey', note: 'The payment did not go through in time.' },
  released: { label: 'Released', tone: 'blue', note: 'The campaign ended without charging this pledge.' },
  refunded: { label: 'Refunded', tone: 'blue', note: 'This pledge was refunded.' },
};

/** A pledge as SPEC.md section 2 (My Pledges) describes its card, plus the pledge's status. */
export function PledgeCard({ pledge }: { pledge: MyPledgeResponse }) {
  const { event } = pledge;
  const percent = cardProgressPercent(dollarsToCents(event.payment_amount), dollarsToCents(event.target_amount));
  const status = STATUS[pledge.status];
  const [updating, setUpdating] = useState(false);
  return (
    <article className="card flex h-full flex-col overflow-hidden">
      <div className="relative aspect-[16/9] bg-ink-100">
        <img src={mediaUrl(event.banner_image_url, FALLBACK_BANNER)} alt="" loading="lazy" className="size-full object-cover" />
        <span className="absolute top-3 left-3 rounded-full bg-ink-900 px-3 py-1 text-xs font-bold tracking-wide text-brand-300 uppercase shadow-sm">
          {formatDollars(pledge.amount)} PLEDGE
        </span>
        <Badge tone={status.tone} className="absolute top-3 right-3 shadow-sm">
          {status.label}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{event.categories.join(' | ')}</p>
        <h3 className="text-lg leading-snug font-semibold">
          <Link to={paths.event(event._id)} className="hover:text-brand-700">
            {event.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-ink-600">{event.description}</p>
        <p className="text-sm">
          <span className="text-ink-500">Challenger:</span> <span className="font-medium text-ink-800">{event.host.full_name || 'Unknown'}</span>
        </p>
        <div className="mt-auto space-y-2 pt-2">
          <p className="flex items-baseline justify-between gap-2 text-sm">
            <span>
              <span className="font-bold text-ink-900">{formatDollars(event.payment_amount, { whole: true })}</span>{' '}
              <span className="text-ink-500">raised</span>
            </span>
            <span className="font-semibold text-ink-700">{percent}%</span>
          </p>
          <ProgressBar value={percent} label={`${event.name} funding progress`} valueText={`${percent}% funded`} />
          <p className="text-sm font-medium text-ink-600">{daysLeftLabel(event.event_date)}</p>
        </div>
        <div className={pledge.status === 'failed' ? 'rounded-xl bg-red-50 p-3 text-sm text-red-900' : 'text-xs text-ink-500'}>
          <p>{pledge.status === 'failed' && pledge.failure_reason ? pledge.failure_reason : status.note}</p>
          {pledge.status === 'failed' && (
            <button type="button" className="btn btn-danger btn-sm mt-2" onClick={() => setUpdating(true)}>
              Update card
            </button>
          )}
          {updating && <UpdateCardDialog pledgeId={pledge._id} eventName={event.name} onClose={() => setUpdating(false)} />}
        </div>
      </div>
    </article>
  );
}
