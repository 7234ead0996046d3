import { cn } from '@/lib/cn';

interface ProgressBarProps {
  /** Percentage 0–100; values outside are drawn at the nearest end but announced as given. */
  value: number;
  /** Accessible name, e.g. "Raised toward the $5,000 goal". */
  label: string;
  /** Text read instead of the bare number, e.g. "64% funded". */
  valueText?: string;
  size?: 'sm' | 'md';
  className?: string;
}

export function ProgressBar({ value, label, valueText, size = 'md', className }: ProgressBarProps) {
  const safe = Number.isFinite(value) ? value : 0;
  const width = Math.min(100, Math.max(0, safe));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width)}
      aria-valuetext={valueText ?? `${Math.round(safe)}%`}
      className={cn('w-full overflow-hidden rounded-full bg-ink-100', size === 'sm' ? 'h-1.5' : 'h-2.5', className)}
    >
      <div className="h-full rounded-full bg-brand-500 transition-[width] duration-500 motion-reduce:transition-none" style={{ width: `${width}%` }} />
    </div>
  );
}
