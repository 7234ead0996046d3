import { formatDollars } from '@/lib/format';
import { formatDayAndTimeIn, formatDayIn } from '@/lib/zone-format';

export { formatDollars };

export function formatDateTime(value: string | null | undefined): string {
  return value ? formatDayAndTimeIn(new Date(value), undefined) : '—';
}

export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '—';
  return formatDayIn(/^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value), undefined);
}

/** "3 h", "2 days": how long something has waited. */
export function waitingFor(since: string | null | undefined, now = Date.now()): string {
  if (!since) return '—';
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

export const KIND_LABELS: Record<string, string> = {
  event: 'Event Promotion',
  money_bomb: 'Money Bomb',
  runoff: 'Runoff',
  crowdfunding: 'Crowdfunding',
};
