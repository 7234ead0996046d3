import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { CardPicker } from '@/components/payments/card-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { useUpdatePledgeCard } from '../api/update-pledge-card';

const CHOOSE_CARD = 'Please select a payment method or add a new one';

/**
 * "Update payment method" of a failed pledge: choose a saved payment method or add one in place; the server swaps it
 * and retries the charge, and its own message says how that went. A charge that went through ends
 * the dialog (the pledge is no longer failed, a second retry would be refused); one that failed
 * again keeps it open so another method can be tried.
 */
export function UpdateCardDialog({ pledgeId, eventName, onClose }: { pledgeId: string; eventName: string; onClose(): void }) {
  const update = useUpdatePledgeCard(pledgeId);
  const [cardId, setCardId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  // A double click lands before the pending state re-renders the button: one retry at a time.
  const sending = useRef(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    setFailure(null);
    if (!cardId) {
      setError(CHOOSE_CARD);
      return;
    }
    setError(undefined);
    sending.current = true;
    try {
      const result = await update.mutateAsync(cardId);
      if (result.success && result.data.status === 'charged') {
        toast.success(result.message, { description: `Your pledge to ${eventName} is charged to the payment method you chose.` });
        onClose();
        return;
      }
      setFailure(result.message);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The payment method could not be updated. Please try again.');
    } finally {
      sending.current = false;
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Update payment method"
      description={`Choose the payment method for your pledge to ${eventName}. We retry the charge at once.`}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <CardPicker value={cardId} onChange={setCardId} error={error} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" loading={update.isPending} loadingText="Updating…">
            Use this payment method
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
