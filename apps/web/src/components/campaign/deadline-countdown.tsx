import { countdownLabel, countdownParts } from '@pledgeway/domain/deadline';
import { cn } from '@/lib/cn';
import { formatInstant } from '@/lib/format';
import { useDisplayTimeZone, useNow } from '@/lib/hydration';
import type { DisplayZone } from '@/lib/zone-format';

/** The deadline with its zone's abbreviation, in `timeZone` (undefined: the browser's). */
export const formatDeadline = (deadline: string, timeZone?: DisplayZone): string => formatInstant(deadline, timeZone);

interface DeadlineCountdownProps {
  /** ISO instant the campaign's duration ends (EventSummaryResponse.deadline). */
  deadline: string;
  className?: string;
}

interface PageCountdownProps extends DeadlineCountdownProps {
  fundingModel: 'all_or_nothing' | 'all_donations';
}

/**
 * A card's countdown: words at minute precision ("2 days 4 hours left"), refreshed every minute.
 * Not a live region: a screen reader reads it when it reaches it, never on every change.
 */
export function CardCountdown({ deadline, className }: DeadlineCountdownProps) {
  const now = useNow(60_000);
  const timeZone = useDisplayTimeZone();
  const label = countdownLabel(countdownParts(new Date(deadline), now), 'coarse');
  return (
    <time role="timer" aria-live="off" dateTime={deadline} title={`Pledges are charged on ${formatDeadline(deadline, timeZone)}`} className={className}>
      {label}
    </time>
  );
}

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Min'],
  ['seconds', 'Sec'],
] as const;

/**
 * The campaign page's countdown to the deadline, ticking every second. The ticking digits are
 * hidden from assistive technology; it reads a sentence at minute precision instead, in a region
 * that is not live, so nothing is announced every second.
 */
export function PageCountdown({ deadline, fundingModel, className }: PageCountdownProps) {
  const now = useNow(1000);
  const timeZone = useDisplayTimeZone();
  const parts = countdownParts(new Date(deadline), now);
  return (
    <div role="timer" aria-live="off" className={cn('rounded-xl bg-brand-50 p-4', className)}>
      <p className="text-sm font-semibold text-ink-700">{parts.ended ? 'The deadline has passed' : 'Time left to pledge'}</p>
      <p className="sr-only">{countdownLabel(parts, 'coarse')}</p>
      {!parts.ended && (
        <div aria-hidden="true" className="mt-2 grid grid-cols-4 gap-2 text-center">
          {UNITS.map(([unit, label]) => (
            <div key={unit} className="rounded-lg bg-white px-1 py-2 shadow-sm">
              <span className="block font-display text-2xl font-bold tabular-nums text-ink-900">{String(parts[unit]).padStart(2, '0')}</span>
              <span className="block text-xs font-medium uppercase tracking-wide text-ink-600">{label}</span>
            </div>
          ))}
        </div>
      )}
      <p className="mt-2 text-xs text-ink-600">
        {parts.ended
          ? 'Pledging has closed.'
          : fundingModel === 'all_or_nothing'
            ? 'If the target is reached, pledges are charged automatically at the deadline; otherwise none is. Deadline:'
            : 'Pledges are charged automatically at the deadline:'}{' '}
        <time dateTime={deadline}>{formatDeadline(deadline, timeZone)}</time>
      </p>
    </div>
  );
}
