import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useApproveEvent } from '../api/approve-event';
import { useRejectEvent } from '../api/reject-event';
import { useReview } from '../api/get-review';
import { useReviewQueue } from '../api/get-review-queue';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';
import { ReasonDialog } from '../components/reason-dialog';
import { ReviewDetail } from '../components/review-detail';
import { KIND_LABELS, waitingFor } from '../lib/format';

const SHORTCUTS = [
  ['A', 'Approve'],
  ['R', 'Reject'],
  ['J', 'Next'],
  ['K', 'Previous'],
] as const;

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]'));
}

/** /admin/reviews(/:id): the queue beside the campaign under review; next and previous without leaving the page. */
export default function AdminReviewsPage() {
  const { eventId } = useParams();
  const navigate = useNavigate();
  const queue = useReviewQueue();
  const items = queue.data ?? [];
  const currentId = eventId ?? items[0]?._id;
  const index = items.findIndex((item) => item._id === currentId);
  const review = useReview(currentId);
  const approve = useApproveEvent();
  const reject = useRejectEvent();
  const [rejecting, setRejecting] = useState(false);

  const goTo = (offset: number) => {
    const target = items[index + offset];
    if (target) navigate(paths.admin.review(target._id));
  };
  /** After a decision the next campaign opens (or the previous one at the end of the queue). */
  const afterDecision = () => {
    const next = items[index + 1] ?? items[index - 1];
    navigate(next ? paths.admin.review(next._id) : paths.admin.reviews, { replace: true });
  };

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

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target) || rejecting) return;
      const key = event.key.toLowerCase();
      if (key === 'j') goTo(1);
      else if (key === 'k') goTo(-1);
      else if (key === 'a' && review.data?.event.status === 'pending') void doApprove();
      else if (key === 'r' && review.data?.event.status === 'pending') setRejecting(true);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const decidable = review.data?.event.status === 'pending';
  return (
    <div className="space-y-6">
      <PageHeader
        title="Review queue"
        description="Pending campaigns, the longest waiting first."
        actions={
          <p className="flex flex-wrap items-center gap-2 text-sm text-ink-600" aria-label="Keyboard shortcuts">
            {SHORTCUTS.map(([key, label]) => (
              <span key={key} className="inline-flex items-center gap-1">
                <kbd className="rounded-md border border-ink-200 bg-white px-1.5 py-0.5 font-mono text-xs font-semibold text-ink-900 shadow-sm">{key}</kbd>
                {label}
              </span>
            ))}
          </p>
        }
      />
      <QueryState
        query={queue}
        noun="the review queue"
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title="Nothing waiting for review" description="New and resubmitted campaigns appear here." />}
      >
        {(data) => (
          <div className="grid gap-6 xl:grid-cols-[18rem_1fr]">
            <nav aria-label="Campaigns waiting" className="xl:sticky xl:top-28 xl:self-start">
              <ol className="flex gap-2 overflow-x-auto pb-1 xl:flex-col xl:overflow-visible">
                {data.map((item, position) => (
                  <li key={item._id} className="shrink-0 xl:shrink">
                    <Link
                      to={paths.admin.review(item._id)}
                      aria-current={item._id === currentId ? 'page' : undefined}
                      className={cn(
                        'block w-56 rounded-xl border px-3 py-2 text-sm xl:w-auto',
                        item._id === currentId ? 'border-ink-900 bg-ink-900 text-white' : 'border-ink-100 bg-white text-ink-800 hover:border-ink-300',
                      )}
                    >
                      <span className="block truncate font-semibold">
                        {position + 1}. {item.name}
                      </span>
                      <span className={cn('block text-xs', item._id === currentId ? 'text-ink-100' : 'text-ink-600')}>
                        {KIND_LABELS[item.kind]} · {item.owner_name} · {waitingFor(item.waiting_since)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            </nav>
            <section aria-label="Campaign under review" className="min-w-0 space-y-4">
              <div className="sticky top-header z-10 -mx-1 flex flex-wrap items-center gap-2 rounded-2xl border border-ink-100 bg-white/95 p-2 shadow-sm backdrop-blur xl:top-header-xl">
                <Button variant="outline" size="sm" disabled={index <= 0} onClick={() => goTo(-1)}>
                  Previous
                </Button>
                <span className="text-sm text-ink-600">{index >= 0 ? `${index + 1} of ${data.length}` : '—'}</span>
                <Button variant="outline" size="sm" disabled={index < 0 || index >= data.length - 1} onClick={() => goTo(1)}>
                  Next
                </Button>
                <span className="flex-1" />
                {currentId && (
                  <a href={paths.event(currentId)} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                    Open page<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                )}
                <Button variant="danger" size="sm" disabled={!decidable} onClick={() => setRejecting(true)}>
                  Reject
                </Button>
                <Button size="sm" disabled={!decidable} loading={approve.isPending} onClick={() => void doApprove()}>
                  Approve
                </Button>
              </div>
              {review.data && !decidable && <p className="text-sm text-ink-600">This campaign is no longer pending (status: {review.data.event.status}).</p>}
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
