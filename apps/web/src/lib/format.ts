import { clockText } from '@pledgeway/domain/dates';
import { formatDollars } from '@pledgeway/domain/money';
import { formatDayIn, formatInstantIn, type DisplayZone } from './zone-format';

export { formatDollars };

/** Image URLs from the API: absolute ones as they are, file names under /uploads/. */
export function mediaUrl(value: string | null | undefined, fallback = ''): string {
  if (!value) return fallback;
  if (/^(https?:|data:|blob:)/.test(value) || value.startsWith('/')) return value;
  return `/uploads/${value}`;
}

/**
 * A calendar day (YYYY-MM-DD, the same day everywhere) or the day of an instant in `timeZone`
 * (undefined: the browser's; server-rendered pages pass useDisplayTimeZone()).
 */
export function formatDate(value: string | null | undefined, timeZone?: DisplayZone): string {
  if (!value) return 'Date to be announced';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? 'Date to be announced' : formatDayIn(date, day ? 'UTC' : timeZone);
}

export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const [hours, minutes] = value.split(':').map(Number);
  if (hours === undefined || Number.isNaN(hours)) return value;
  return clockText(hours, minutes ?? 0);
}

const KB = 1024;
const MB = 1024 * KB;

/** A file's size, the one way the whole app writes it: "303 B", "1.5 KB", "24 KB", "2.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / KB).toFixed(bytes < 10 * KB ? 1 : 0)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/**
 * An instant with its zone named ("Dec 12, 2026, 6:00 PM UTC"), in `timeZone` (undefined: the
 * browser's). Server-rendered pages pass useDisplayTimeZone(): UTC until hydrated, then the viewer's.
 */
export function formatInstant(value: string | Date, timeZone?: DisplayZone): string {
  return formatInstantIn(typeof value === 'string' ? new Date(value) : value, timeZone);
}

/**
 * The instant of an event's date and time. Both are read in UTC, as the date is everywhere (days
 * left count to 00:00 UTC of it; decision 094), so each viewer can be shown it in their own zone.
 * Undefined without a date and a readable time.
 */
export function eventInstant(date: string | null | undefined, time: string | null | undefined): string | undefined {
  if (!date || !time || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return undefined;
  const instant = new Date(`${date}T${match[1]!.padStart(2, '0')}:${match[2]}:00Z`);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}
