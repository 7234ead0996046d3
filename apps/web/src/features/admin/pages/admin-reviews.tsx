import { useState } from 'react';
import { toast } from 'sonner';
import { statusBadge } from '@pledgeway/domain/status';
import { EmptyState } from '@/components/ui/empty-state';
import { useApproveEvent } from '../api/approve-event';
import { useRejectEvent } from '../api/reject-event';
import { useReview } from '../api/get-review';
import { useReviewQueue } from '../api/get-review-queue';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';
import { ReasonDialog } from '../components/reason-dialog';
import { ReviewDetail } from '../components/review-detail';
import { ReviewQueueNav } from '../components/review-queue-nav';
import { ReviewToolbar } from '../components/review-toolbar';
import { useReviewPosition } from '../hooks/use-review-position';
import { useReviewShortcuts } from '../hooks/use-review-shortcuts';

const SHORTCUTS = [
  ['A', 'Approve'],
  ['R', 'Reject'],
  ['J', 'Next'],
  ['K', 'Previous'],
] as const;

/** The keys the page answers to, shown beside its title. */
function ShortcutLegend() {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-ink-600" aria-label="Keyboard shortcuts">
      {SHORTCUTS.map(([key, label]) => (
        <span key={key} className="inline-flex items-center gap-1">
          <kbd className="rounded-md border border-ink-200 bg-white px-1.5 py-0.5 font-mono text-xs font-semibold text-ink-900 shadow-sm">{key}</kbd>
          {label}
        </span>
      ))}
    </p>
  );
}

/** /admin/reviews(/:id): the queue beside the campaign under review; next and previous without leaving the page. */
export default function AdminReviewsPage() {
  const queue = useReviewQueue();
  const items = queue.data ?? [];
  const { currentId, index, goTo, afterDecision } = useReviewPosition(items);
  const review = useReview(currentId);
  const approve = useApproveEvent();
  const reject = useRejectEvent();
  const [rejecting, setRejecting] = useState(false);

  const doApprove = async () => {
    if (!currentId || approve.isPending) return;
    try {
      const result = await approve.mutateAsync({ eventId: currentId });
      toast.success(result.message);
      afterDecision();
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  const decidable = review.data?.event.status === 'pending';
  useReviewShortcuts({ enabled: !rejecting, decidable, onMove: goTo, onApprove: () => void doApprove(), onReject: () => setRejecting(true) });
  return (
    <div className="space-y-6">
      <PageHeader title="Review queue" description="Pending campaigns, the longest waiting first." actions={<ShortcutLegend />} />
      <QueryState
        query={queue}
        noun="the review queue"
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title="Nothing waiting for review" description="New and resubmitted campaigns appear here." />}
      >
        {(data) => (
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-[18rem_1fr]">
            <ReviewQueueNav items={data} currentId={currentId} />
            <section aria-label="Campaign under review" className="min-w-0 space-y-4">
              <ReviewToolbar
                index={index}
                count={data.length}
                currentId={currentId}
                decidable={decidable}
                approving={approve.isPending}
                onMove={goTo}
                onApprove={() => void doApprove()}
                onReject={() => setRejecting(true)}
              />
              {review.data && !decidable && (
                <p className="text-sm text-ink-600">This campaign is no longer pending (status: {statusBadge(review.data.event.status).label}).</p>
              )}
              <QueryState query={review} noun="the campaign">
                {(detail) => <ReviewDetail review={detail} />}
              </QueryState>
            </section>
          </div>
        )}
      </QueryState>
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        required
        tone="danger"
        title="Reject this campaign"
        description="The creator receives this reason by e-mail, edits the campaign and submits it again."
        confirmLabel="Reject"
        onConfirm={async (reason) => {
          const result = await reject.mutateAsync({ eventId: currentId!, reason });
          toast.success(result.message);
          afterDecision();
        }}
      />
    </div>
  );
}
