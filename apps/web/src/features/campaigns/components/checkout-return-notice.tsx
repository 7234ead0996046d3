import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { postEventPayment } from '../api/fund-event';

/**
 * What the creator sees back from Stripe's Checkout page (`?checkout=complete|cancelled`). Paid:
 * Stripe's webhook books it in a moment. Cancelled: the campaign is saved but not funded, and the
 * payment page can be opened again (an earlier page is closed by the server first).
 */
export function CheckoutReturnNotice({ eventId }: { eventId: string }) {
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const outcome = params.get('checkout');
  const amount = Number(params.get('amount'));

  async function payAgain() {
    setBusy(true);
    setError(null);
    try {
      const answer = await postEventPayment({ event_id: eventId, amount, test_mode: false });
      if (answer.session?.url) window.location.assign(answer.session.url);
      else window.location.assign(window.location.pathname);
    } catch (failure) {
      setError(`Payment initialization failed: ${failure instanceof Error ? failure.message : String(failure)}`);
      setBusy(false);
    }
  }

  if (outcome === 'complete') {
    return (
      <Alert tone="success" title="Payment received" className="mb-6">
        Thank you. Stripe confirms the payment to us in a moment; the campaign then goes to review.
      </Alert>
    );
  }
  if (outcome !== 'cancelled') return null;
  return (
    <Alert tone="info" title="Payment cancelled" className="mb-6">
      <p>The campaign is saved but not funded yet, so it cannot be reviewed.</p>
      {error && <p className="mt-2 font-semibold text-red-800">{error}</p>}
      {amount > 0 && (
        <Button size="sm" variant="dark" className="mt-3" loading={busy} loadingText="Opening…" onClick={() => void payAgain()}>
          Pay on Stripe
        </Button>
      )}
    </Alert>
  );
}
