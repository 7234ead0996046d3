// Here rather than beside the zod fields, so a page that shows a countdown loads no schema library.
/** The longest a campaign runs, and how long it runs when no duration is set (docs/product.md#scheduling). */
export const MAX_DURATION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Kinds charged automatically when their duration ends (docs/decisions/068-deadline-charging.md). */
export const DEADLINE_KINDS = ['money_bomb', 'crowdfunding'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export function isDeadlineKind(kind: string): kind is DeadlineKind {
  return (DEADLINE_KINDS as readonly string[]).includes(kind);
}

/**
 * The instant a campaign's duration ends: it runs from when pledging opened (its approval, or its
 * start date at 00:00 UTC when that is later) for `duration_days` (30 when unset). Null before
 * approval. The deadline job reads the same rule in SQL (charging/deadline-repository.ts).
 */
export function campaignDeadline(event: { approvedAt: Date | null; startDate: string | null; durationDays: number | null }): Date | null {
  if (!event.approvedAt) return null;
  const start = event.startDate ? new Date(event.startDate) : undefined;
  const opened = start && !Number.isNaN(start.getTime()) && start > event.approvedAt ? start : event.approvedAt;
  return new Date(opened.getTime() + (event.durationDays ?? MAX_DURATION_DAYS) * DAY_MS);
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the deadline has passed. */
  ended: boolean;
}

/** Whole days, hours, minutes and seconds from `now` to `deadline` (all zero once it passed). */
export function countdownParts(deadline: Date, now: Date): CountdownParts {
  const left = Math.max(0, Math.floor((deadline.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    ended: left === 0,
  };
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A countdown in words at a coarseness that suits where it is read: "2 days 4 hours" on cards
 * (minutes in the last hour), or every unit down to seconds on the campaign page.
 */
export function countdownLabel(parts: CountdownParts, precision: 'coarse' | 'seconds'): string {
  if (parts.ended) return 'Deadline passed';
  const { days, hours, minutes, seconds } = parts;
  if (precision === 'seconds') {
    const units = days ? [plural(days, 'day'), plural(hours, 'hour')] : hours ? [plural(hours, 'hour')] : [];
    return [...units, plural(minutes, 'minute'), plural(seconds, 'second')].join(' ') + ' left';
  }
  if (days) return `${plural(days, 'day')} ${plural(hours, 'hour')} left`;
  if (hours) return `${plural(hours, 'hour')} ${plural(minutes, 'minute')} left`;
  return minutes ? `${plural(minutes, 'minute')} left` : 'Less than a minute left';
}

export const DEADLINE_MESSAGES = {
  pledgingClosed: 'Pledging closed at the deadline: the pledges are being charged',
} as const;

/** The refusal of a pledge made after a deadline kind's duration ended, or undefined while it runs. */
export function pledgingClosedAtDeadline(
  event: { kind: string; approvedAt: Date | null; startDate: string | null; durationDays: number | null },
  now: Date,
): string | undefined {
  if (!isDeadlineKind(event.kind)) return undefined;
  const deadline = campaignDeadline(event);
  return deadline && deadline.getTime() <= now.getTime() ? DEADLINE_MESSAGES.pledgingClosed : undefined;
}
