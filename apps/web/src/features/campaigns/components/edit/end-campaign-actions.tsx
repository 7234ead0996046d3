import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useEndCampaign, type EndAction } from '../../api/end-campaign';
import { useLifecyclePreview } from '../../api/get-lifecycle-preview';
import { closeMoneyLines, completeMoneyLines } from './end-campaign-text';

const COPY: Record<EndAction, { button: string; title: string; after: string; confirm: string; sending: string }> = {
  complete: {
    button: 'Complete campaign',
    title: 'Mark this campaign complete?',
    after: 'The campaign stops taking pledges and can no longer be edited. This cannot be undone.',
    confirm: 'Mark complete',
    sending: 'Completing…',
  },
  close: {
    button: 'Close campaign',
    title: 'Close this campaign?',
    after: 'The campaign ends now and can no longer be edited. This cannot be undone.',
    confirm: 'Close campaign',
    sending: 'Closing…',
  },
};

/**
 * Complete and Close, the creator's two ways to end a live campaign: each opens a confirmation
 * that states, in the server's figures, what happens to the money before anything happens.
 */
export function EndCampaignActions({ event }: { event: ManageEventResponse }) {
  const [asking, setAsking] = useState<EndAction | null>(null);
  const actions = (['complete', 'close'] as const).filter((action) => event.allowed_statuses.includes(action === 'complete' ? 'completed' : 'close'));
  if (!actions.length) return null;
  return (
    <section className="card grid gap-3 p-6" aria-labelledby="end-campaign">
      <h2 id="end-campaign" className="text-lg font-semibold">
        End the campaign
      </h2>
      <p className="text-sm text-ink-600">
        Complete it when the event has taken place: an admin then charges the pledges. Close it to stop without the event: supporters are not charged and your
        funding is refunded less fees. Each shows what happens to the money before you confirm.
      </p>
      <div className="flex flex-wrap gap-3">
        {actions.map((action) => (
          <Button key={action} variant={action === 'close' ? 'outline' : 'primary'} onClick={() => setAsking(action)}>
            {COPY[action].button}
          </Button>
        ))}
      </div>
      {asking && <EndCampaignDialog eventId={event._id} action={asking} onClose={() => setAsking(null)} />}
    </section>
  );
}

function EndCampaignDialog({ eventId, action, onClose }: { eventId: string; action: EndAction; onClose(): void }) {
  const preview = useLifecyclePreview(eventId, true);
  const end = useEndCampaign(eventId);
  const [failure, setFailure] = useState<string | null>(null);
  // A double click lands before the pending state re-renders the button: the action is asked for once.
  const sending = useRef(false);
  const copy = COPY[action];
  const allowed = preview.data ? (action === 'close' ? preview.data.close.allowed : preview.data.complete.allowed) : false;

  async function confirm() {
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    try {
      const answer = await end.mutateAsync(action);
      toast.success(answer.message);
      onClose();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : 'The campaign could not be changed. Please try again.');
    } finally {
      sending.current = false;
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !end.isPending && onClose()} title={copy.title}>
      <div className="grid gap-4" aria-live="polite">
        {preview.isPending && <Spinner label="Working out what happens to the money" />}
        {preview.isError && <Alert tone="error">{preview.error.message || 'What happens to the money could not be worked out. Please try again.'}</Alert>}
        {preview.data && !allowed && <Alert tone="error">This campaign can no longer be {action === 'close' ? 'closed' : 'marked complete'}.</Alert>}
        {preview.data && allowed && (
          <>
            <ul className="grid list-disc gap-2 pl-5 text-ink-800">
              {(action === 'close' ? closeMoneyLines(preview.data) : completeMoneyLines(preview.data)).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="text-sm text-ink-600">{copy.after}</p>
          </>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={end.isPending}>
          Cancel
        </Button>
        <Button
          variant={action === 'close' ? 'danger' : 'primary'}
          disabled={!allowed}
          loading={end.isPending}
          loadingText={copy.sending}
          onClick={() => void confirm()}
        >
          {copy.confirm}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
