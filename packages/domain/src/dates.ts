const DAY_MS = 24 * 60 * 60 * 1000;

/** One rule everywhere (DESIGN.md section 5): max(0, ceil((event date − now) / 1 day)). */
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
