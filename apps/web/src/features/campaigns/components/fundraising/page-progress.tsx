import { formatDollars } from '@pledgeway/domain/money';
import { ProgressBar } from '@/components/ui/progress-bar';

const supportersLabel = (count: number) => `${count} ${count === 1 ? 'supporter' : 'supporters'}`;

/** A fundraising page's raised amount against its own target, with its supporters. */
export function PageProgress({ raised, target, supporters, size = 'md' }: { raised: number; target: number; supporters: number; size?: 'sm' | 'md' }) {
  const percent = target > 0 ? (raised / target) * 100 : 0;
  return (
    <div className="grid gap-1.5">
      <p className={size === 'sm' ? 'text-sm' : 'text-base'}>
        <span className="font-bold text-ink-900">{formatDollars(raised)}</span>
        <span className="text-ink-600"> raised of {formatDollars(target, { whole: true })}</span>
      </p>
      <ProgressBar
        value={percent}
        size={size}
        label={`Raised toward the page's ${formatDollars(target, { whole: true })} target`}
        valueText={`${Math.floor(percent)}% of the target`}
      />
      <p className="text-sm text-ink-600">{supportersLabel(supporters)}</p>
    </div>
  );
}
