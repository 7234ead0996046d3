import { statusBadge } from '@pledgeway/domain/status';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'green' | 'yellow' | 'blue' | 'red' | 'grey';

/** Text colours are the 800 shades: at least 4.5:1 on their tinted backgrounds (WCAG AA). */
const tones: Record<BadgeTone, { badge: string; dot: string }> = {
  green: { badge: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500' },
  yellow: { badge: 'bg-brand-50 text-brand-800 ring-brand-200', dot: 'bg-brand-500' },
  blue: { badge: 'bg-sky-50 text-sky-800 ring-sky-200', dot: 'bg-sky-500' },
  red: { badge: 'bg-red-50 text-red-800 ring-red-200', dot: 'bg-red-500' },
  grey: { badge: 'bg-ink-50 text-ink-700 ring-ink-200', dot: 'bg-ink-400' },
};

export function Badge({ tone = 'grey', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[tone].badge,
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', tones[tone].dot)} />
      {children}
    </span>
  );
}

/** A campaign status as docs/product.md#campaign-statuses colours it (approved reads Active, green). */
export function StatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const { label, tone } = statusBadge(status);
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}
