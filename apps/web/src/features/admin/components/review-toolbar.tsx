import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

interface ReviewToolbarProps {
  /** Position of the campaign under review in the queue; -1 when it is not in it. */
  index: number;
  count: number;
  currentId: string | undefined;
  /** Only a pending campaign can be approved or rejected. */
  decidable: boolean;
  approving: boolean;
  onMove(offset: 1 | -1): void;
  onApprove(): void;
  onReject(): void;
}

/** The bar that stays above the campaign under review: previous / next, open its page, reject, approve. */
export function ReviewToolbar({ index, count, currentId, decidable, approving, onMove, onApprove, onReject }: ReviewToolbarProps) {
  return (
    <div className="sticky top-header z-10 -mx-1 flex flex-wrap items-center gap-2 rounded-2xl border border-ink-100 bg-white/95 p-2 shadow-sm backdrop-blur xl:top-header-xl">
      <Button variant="outline" size="sm" disabled={index <= 0} onClick={() => onMove(-1)}>
        Previous
      </Button>
      <span className="text-sm text-ink-600">{index >= 0 ? `${index + 1} of ${count}` : '—'}</span>
      <Button variant="outline" size="sm" disabled={index < 0 || index >= count - 1} onClick={() => onMove(1)}>
        Next
      </Button>
      <span className="flex-1" />
      {currentId && (
        <a href={paths.event(currentId)} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          Open page<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      <Button variant="danger" size="sm" disabled={!decidable} onClick={onReject}>
        Reject
      </Button>
      <Button size="sm" disabled={!decidable} loading={approving} onClick={onApprove}>
        Approve
      </Button>
    </div>
  );
}
