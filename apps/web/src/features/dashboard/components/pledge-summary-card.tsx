import { Link } from 'react-router';
import type { MyPledgeResponse } from '@pledgeway/domain/schemas/my-pledges';
import { cardProgressPercent, dollarsToCents, formatDollars } from '@pledgeway/domain/money';
import { daysLeftLabel } from '@pledgeway/domain/dates';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { mediaUrl } from '@/lib/format';

const STATUS_LABEL: Record<MyPledgeResponse['status'], string> = {
  pending: 'Pending',
  charged: 'Charged',
  failed: 'Payment failed',
  dropped: 'Dropped',
  released: 'Released',
  refunded: 'Refunded',
};

/** A compact pledge card for the dashboard. */
export function PledgeSummaryCard({ pledge }: { pledge: MyPledgeResponse }) {
  const { event } = pledge;
  const percent = cardProgressPercent(dollarsToCents(event.payment_amount), dollarsToCents(event.target_amount));
  return (
    <article className="card flex h-full flex-col overflow-hidden">
      <div className="relative aspect-[16/9] bg-ink-100">
        <img src={mediaUrl(event.banner_image_url, '/images/campaign-banner-01.svg')} alt="" loading="lazy" className="size-full object-cover" />
        <span className="absolute top-3 left-3 rounded-full bg-ink-900 px-3 py-1 text-xs font-bold text-brand-300 uppercase">
          {formatDollars(pledge.amount)} PLEDGE
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{event.categories.join(' | ')}</p>
        <h3 className="leading-snug font-semibold">
          <Link to={paths.event(event._id)} className="hover:text-brand-700">
            {event.name}
          </Link>
        </h3>
        <p className="text-sm text-ink-600">
          Challenger: <span className="font-medium text-ink-800">{event.host.full_name || 'Unknown'}</span>
        </p>
        <div className="mt-auto space-y-1.5 pt-1">
          <ProgressBar value={percent} label={`${event.name} funding progress`} valueText={`${percent}% funded`} size="sm" />
          <p className="flex justify-between text-xs text-ink-600">
            <span>{daysLeftLabel(event.event_date)}</span>
            <span className={pledge.status === 'failed' ? 'font-semibold text-danger-600' : 'font-semibold'}>{STATUS_LABEL[pledge.status]}</span>
          </p>
        </div>
      </div>
    </article>
  );
}
