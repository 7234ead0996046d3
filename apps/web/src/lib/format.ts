import { formatDollars } from '@pledgeway/domain/money';

export { formatDollars };

/** Image URLs from the API: absolute ones as they are, file names under /uploads/. */
export function mediaUrl(value: string | null | undefined, fallback = ''): string {
  if (!value) return fallback;
  if (/^(https?:|data:|blob:)/.test(value) || value.startsWith('/')) return value;
  return `/uploads/${value}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatDate(value: string | null | undefined): string {
  if (!value) return 'Date to be announced';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? 'Date to be announced' : dateFormat.format(date);
}

export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const [hours, minutes] = value.split(':').map(Number);
  if (hours === undefined || Number.isNaN(hours)) return value;
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${((hours + 11) % 12) + 1}:${String(minutes ?? 0).padStart(2, '0')} ${suffix}`;
}
