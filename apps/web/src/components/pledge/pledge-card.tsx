import { Link } from 'react-router';
import type { MyPledgeResponse } from '@pledgeway/domain/schemas/my-pledges';
import { cardProgressPercent, dollarsToCents, formatDollars } from '@pledgeway/domain/money';
import { campaignTimeLabel } from '@pledgeway/domain/dates';
import { FALLBACK_BANNER } from '@/components/campaign';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { mediaUrl } from '@/lib/format';
import { PLEDGE_STATUS, PledgeStatusBadge } from './pledge-status';

interface PledgeCardProps {
  pledge: MyPledgeResponse;
  /** `compact` (the dashboard's preview) leaves out the description, the raised sum and the status note. */
  variant?: 'full' | 'compact';
  /** Offered on a failed pledge: opens the page's card update. */
  onUpdateCard?(): void;
  /** Offered on a pending pledge that can go up (Bidding Power): opens the page's raise dialog. */
  onRaise?(): void;
}

/** A pledge as docs/product.md#my-pledges describes its card, with the pledge's status. */
export function PledgeCard({ pledge, variant = 'full', onUpdateCard, onRaise }: PledgeCardProps) {
  const { event } = pledge;
  const full = variant === 'full';
  const percent = cardProgressPercent(dollarsToCents(event.payment_amount), dollarsToCents(event.target_amount));
  return (
    <article className="card flex h-full flex-col overflow-hidden">
      <div className="relative aspect-[16/9] bg-ink-100">
        <img src={mediaUrl(event.banner_image_url, FALLBACK_BANNER)} alt="" loading="lazy" className="size-full object-cover" />
        <span className="absolute top-3 left-3 rounded-full bg-ink-900 px-3 py-1 text-xs font-bold tracking-wide text-brand-300 uppercase shadow-sm">
          {formatDollars(pledge.amount)} {pledge.kind === 'match' ? 'MATCH' : 'PLEDGE'}
        </span>
        <PledgeStatusBadge status={pledge.status} className="absolute top-3 right-3 shadow-sm" />
      </div>
      <div className={cn('flex flex-1 flex-col', full ? 'gap-3 p-5' : 'gap-2 p-4')}>
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{event.categories.join(' | ')}</p>
        <h3 className={cn('leading-snug font-semibold', full && 'text-lg')}>
          <Link to={paths.event(event._id)} className="hover:text-brand-700">
            {event.name}
          </Link>
        </h3>
        {full && <p className="line-clamp-2 text-sm text-ink-600">{event.description}</p>}
        <p className="text-sm">
          <span className="text-ink-500">Challenger:</span> <span className="font-medium text-ink-800">{event.host.full_name || 'Unknown'}</span>
        </p>
        <div className={cn('mt-auto', full ? 'space-y-2 pt-2' : 'space-y-1.5 pt-1')}>
          {full && (
            <p className="flex items-baseline justify-between gap-2 text-sm">
              <span>
                <span className="font-bold text-ink-900">{formatDollars(event.payment_amount, { whole: true })}</span>{' '}
                <span className="text-ink-500">raised</span>
              </span>
              <span className="font-semibold text-ink-700">{percent}%</span>
            </p>
          )}
          <ProgressBar value={percent} label={`${event.name} funding progress`} valueText={`${percent}% funded`} size={full ? 'md' : 'sm'} />
          <p className={cn('font-medium text-ink-600', full ? 'text-sm' : 'text-xs')}>{campaignTimeLabel(event)}</p>
        </div>
        {full && <StatusNote pledge={pledge} onUpdateCard={onUpdateCard} />}
        {full && pledge.kind === 'match' && <p className="text-sm text-ink-600">{MATCH_TOP_UP_NOTE}</p>}
        {full && onRaise && <RaiseOffer pledge={pledge} onRaise={onRaise} />}
      </div>
    </article>
  );
}

/**
 * A charged pledge says what is true now: charged; passed on only once a payout to the charity
 * included it (payouts reach a charity's campaigns oldest first, so part of it may be passed on).
 */
function chargedNote(pledge: MyPledgeResponse): string {
  if (pledge.to_charity <= 0) return PLEDGE_STATUS.charged.note;
  if (pledge.passed_on <= 0) return `Charged. ${formatDollars(pledge.to_charity)} of it is for the charity; it is passed on with the charity's next payout.`;
  if (pledge.passed_on < pledge.to_charity) {
    return `Charged. ${formatDollars(pledge.passed_on)} of the ${formatDollars(pledge.to_charity)} for the charity has been passed on so far.`;
  }
  return `Charged and passed on to the charity: ${formatDollars(pledge.to_charity)} after fees.`;
}

/** The failure's reason, what reached the charity, or how much a refund gave back (the rest paid the fees), else the status's general note. */
function noteOf(pledge: MyPledgeResponse): string {
  if (pledge.status === 'failed' && pledge.failure_reason) return pledge.failure_reason;
  if (pledge.status === 'charged') return chargedNote(pledge);
  if (pledge.status === 'refunded' && pledge.refunded_amount > 0) {
    return `${formatDollars(pledge.refunded_amount)} of your ${formatDollars(pledge.amount)} pledge refunded to your payment method.`;
  }
  return PLEDGE_STATUS[pledge.status].note;
}

/** What the status means for the donor; a failed pledge shows the decline and the ways to fix it (its bank's confirmation, decision 260, or another card). */
function StatusNote({ pledge, onUpdateCard }: { pledge: MyPledgeResponse; onUpdateCard?(): void }) {
  const failed = pledge.status === 'failed';
  return (
    <div className={failed ? 'rounded-xl bg-red-50 p-3 text-sm text-red-900' : 'text-xs text-ink-500'}>
      <p>{noteOf(pledge)}</p>
      <div className="flex flex-wrap gap-2">
        {failed && pledge.needs_authentication && (
          <Link className="btn btn-danger btn-sm mt-2" to={`/user/pledges/${pledge._id}/authenticate`}>
            Confirm with my bank
          </Link>
        )}
        {failed && onUpdateCard && (
          <button type="button" className={cn('btn btn-sm mt-2', pledge.needs_authentication ? 'btn-outline' : 'btn-danger')} onClick={onUpdateCard}>
            Update payment method
          </button>
        )}
      </div>
    </div>
  );
}

/** "Raise my pledge" on a pending pledge that can go up, or why it cannot (a Donor Total runoff, a frozen campaign). */
function RaiseOffer({ pledge, onRaise }: { pledge: MyPledgeResponse; onRaise(): void }) {
  if (pledge.raise.allowed) {
    return (
      <button type="button" className="btn btn-outline btn-sm self-start" onClick={onRaise} aria-label={`Raise my pledge to ${pledge.event.name}`}>
        Raise my pledge
      </button>
    );
  }
  return pledge.raise.refusal ? <p className="text-xs text-ink-500">{pledge.raise.refusal}</p> : null;
}

/** A match's pledge can still grow after the charge run (decision 109). */
export const MATCH_TOP_UP_NOTE =
  'A pledge you match that was declined at the charge and is charged within its 7 days adds to your match, up to your cap; your payment method is charged the difference then.';
