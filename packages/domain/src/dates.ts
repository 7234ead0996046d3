const DAY_MS = 24 * 60 * 60 * 1000;

/** One rule everywhere (docs/product.md#progress-and-days-left): max(0, ceil((event date − now) / 1 day)). */
export function daysLeft(eventDate: string | Date | null | undefined, now: Date = new Date()): number {
  if (!eventDate) return 0;
  const date = typeof eventDate === 'string' ? new Date(eventDate) : eventDate;
  if (Number.isNaN(date.getTime())) return 0;
  return Math.max(0, Math.ceil((date.getTime() - now.getTime()) / DAY_MS));
}

export function daysLeftLabel(eventDate: string | Date | null | undefined, now?: Date): string {
  const days = daysLeft(eventDate, now);
  if (days === 0) return 'Event ended';
  return days === 1 ? '1 day left' : `${days} days left`;
}

/** Today as YYYY-MM-DD in local time, for date inputs' min. */
export function todayIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/*
 * Scheduling (issue 12, item 4). A campaign's start_date is a calendar day; pledging opens at
 * 00:00 UTC of that day, the same reading daysLeft gives event dates. Every function takes `now`,
 * so the server, the web app and tests pass the clock they use (the one injectable clock).
 */

/** `Date` of 00:00 UTC on a YYYY-MM-DD day (or the instant of a full timestamp); undefined when unreadable. */
function startInstant(startDate: string | null | undefined): Date | undefined {
  if (!startDate) return undefined;
  const date = new Date(startDate);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** True while the campaign's start date is still ahead: it shows "Starts in N days" and refuses pledges. */
export function isUpcoming(startDate: string | null | undefined, now: Date = new Date()): boolean {
  const start = startInstant(startDate);
  return start !== undefined && start.getTime() > now.getTime();
}

/** Whole days until pledging opens, rounded up like daysLeft; 0 once it has opened. */
export function daysUntilStart(startDate: string | null | undefined, now: Date = new Date()): number {
  const start = startInstant(startDate);
  if (!start) return 0;
  return Math.max(0, Math.ceil((start.getTime() - now.getTime()) / DAY_MS));
}

export function startsInLabel(startDate: string | null | undefined, now: Date = new Date()): string {
  const days = daysUntilStart(startDate, now);
  return days === 1 ? 'Starts in 1 day' : `Starts in ${days} days`;
}

/** A campaign that is over whatever its date says: what it shows instead of days left. */
const ENDED_LABELS: Record<string, string> = { completed: 'Campaign completed', close: 'Campaign closed', cancelled: 'Campaign cancelled' };

/** The label of a campaign that has ended (completed, closed, cancelled); undefined while it can still run. */
export function endedLabel(status: string | undefined): string | undefined {
  return status ? ENDED_LABELS[status] : undefined;
}

/**
 * What cards and the public page show under the progress bar: that the campaign ended (a
 * completed campaign has no days left, whatever its event date), "Starts in N days" before the
 * start, else days left.
 */
export function campaignTimeLabel(event: { start_date?: string | null; event_date: string | null; status?: string }, now: Date = new Date()): string {
  const ended = endedLabel(event.status);
  if (ended) return ended;
  return isUpcoming(event.start_date, now) ? startsInLabel(event.start_date, now) : daysLeftLabel(event.event_date, now);
}

/**
 * The last day that is no longer upcoming, as YYYY-MM-DD (UTC): a campaign is upcoming exactly
 * when start_date > this day, which is how the database filters the "Starting soon" lists.
 */
export function upcomingAfterDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const SCHEDULE_MESSAGES = {
  /** `{date}` is the start date as formatStartDate writes it, e.g. "Dec 1, 2026". */
  pledgingOpens: 'Pledging opens on {date}',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/*
 * Days and times as Intl's en-US writes them, without Intl: every public page shows them, and a
 * tab's first use of Intl costs 30–60 ms of main thread (numbers.ts, decision 127).
 */

/** "Dec 1, 2026" (`monthIndex` 0–11), as Intl's `{ month: 'short', day: 'numeric', year: 'numeric' }`. */
export function dayText(year: number, monthIndex: number, day: number): string {
  return `${MONTHS[monthIndex]} ${day}, ${year}`;
}

/** "Jun 2027" (`monthIndex` 0–11): a month as the admin console and statements name it. */
export function monthText(year: number, monthIndex: number): string {
  return `${MONTHS[monthIndex]} ${year}`;
}

/** "6:05 PM", "12:00 AM" (hours 0–23), as Intl's `{ hour: 'numeric', minute: '2-digit' }`. */
export function clockText(hours: number, minutes: number): string {
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The UTC day of an instant: "Dec 1, 2026". */
export function formatUtcDay(instant: Date): string {
  return dayText(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
}

/** An instant in UTC as people read it, for e-mails: "Nov 28, 2026, 7:28 AM UTC" (the site's own UTC text). */
export function formatUtcInstant(instant: Date): string {
  return `${formatUtcDay(instant)}, ${clockText(instant.getUTCHours(), instant.getUTCMinutes())} UTC`;
}

export function formatStartDate(startDate: string): string {
  const start = startInstant(startDate);
  return start ? formatUtcDay(start) : startDate;
}

/**
 * The refusal of a pledge made before the campaign starts ("Pledging opens on Dec 1, 2026"), or
 * undefined when pledging is open as far as the schedule goes (the pledge endpoint checks this).
 */
export function pledgingNotYetOpen(startDate: string | null | undefined, now: Date = new Date()): string | undefined {
  if (!startDate || !isUpcoming(startDate, now)) return undefined;
  return SCHEDULE_MESSAGES.pledgingOpens.replace('{date}', formatStartDate(startDate));
}
