import { formatDollars } from '@pledgeway/domain/money';

export { formatDollars };

/** Image URLs from the API: absolute ones as they are, file names under /uploads/. */
export function mediaUrl(value: string | null | undefined, fallback = ''): string {
  if (!value) return fallback;
  if (/^(https?:|data:|blob:)/.test(value) || value.startsWith('/')) return value;
  return `/uploads/${value}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `month day, year` in a time zone (undefined: the browser's), one formatter per zone. */
function dateFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A calendar day (YYYY-MM-DD, the same day everywhere) or the day of an instant in `timeZone`
 * (undefined: the browser's; server-rendered pages pass useDisplayTimeZone()).
 */
export function formatDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) return 'Date to be announced';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? 'Date to be announced' : dateFormat(day ? 'UTC' : timeZone).format(date);
}

export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const [hours, minutes] = value.split(':').map(Number);
  if (hours === undefined || Number.isNaN(hours)) return value;
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${((hours + 11) % 12) + 1}:${String(minutes ?? 0).padStart(2, '0')} ${suffix}`;
}
