import { useState } from 'react';
import { CardPicker } from '@/components/payments/card-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { useUpdatePledgeCard } from '../api/update-pledge-card';

const CHOOSE_CARD = 'Please select a payment method or add a new one';

/**
 * "Update card" of a failed pledge: choose a saved card or add one in place; the server swaps it
 * and retries the charge, and its own message says how that went.
 */
export function UpdateCardDialog({ pledgeId, eventName, onClose }: { pledgeId: string; eventName: string; onClose(): void }) {
  const update = useUpdatePledgeCard(pledgeId);
  const [cardId, setCardId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [answer, setAnswer] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setAnswer(null);
    if (!cardId) {
      setError(CHOOSE_CARD);
      return;
    }
    setError(undefined);
    try {
      const result = await update.mutateAsync(cardId);
      const charged = result.data.status === 'charged';
      setAnswer({ tone: result.success && charged ? 'success' : 'error', message: result.message });
    } catch (failure) {
      setAnswer({ tone: 'error', message: failure instanceof Error ? failure.message : 'The card could not be updated. Please try again.' });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Update card"
      description={`Choose the card for your pledge to ${eventName}. We retry the charge at once.`}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        {answer && <Alert tone={answer.tone}>{answer.message}</Alert>}
        <CardPicker value={cardId} onChange={setCardId} error={error} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" loading={update.isPending} loadingText="Updating…">
            Use this card
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
