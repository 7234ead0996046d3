import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripePaymentElementOptions } from '@stripe/stripe-js';
import { CARD_MESSAGES, type PaymentMethodResponse } from '@pledgeway/domain/schemas/payment-methods';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { createSetupIntent, useSaveConfirmedCard } from '@/lib/payment-methods';
import { CARD_FORM_UNAVAILABLE } from './messages';
import { stripeFor } from './stripe-loader';

interface StripeCardFormProps {
  publishableKey: string;
  onSaved(card: PaymentMethodResponse): void;
  onCancel(): void;
}

/**
 * What the Payment Element is told (decision 150): nothing about which methods to show. The
 * SetupIntent allows cards, Cash App Pay and Link; the wallets are left on `auto`, so Stripe.js
 * itself decides, per browser, device, country and the domain's registration, whether Apple Pay,
 * Google Pay, Link or Cash App Pay appear. The app keeps no copy of those rules.
 */
export const PAYMENT_ELEMENT_OPTIONS = {
  fields: { billingDetails: { name: 'never' } },
  wallets: { applePay: 'auto', googlePay: 'auto', link: 'auto' },
} as const satisfies StripePaymentElementOptions;

type Setup = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; stripe: Stripe; clientSecret: string; setupIntentId: string };

/**
 * Stripe Elements in the add-card dialog (loaded only when it opens): Stripe.js first, then a
 * SetupIntent of the user's customer; Elements confirms it in the browser (3-D Secure included)
 * and the app saves the card by the SetupIntent's id. The card number never reaches Pledgeway.
 */
export default function StripeCardForm({ publishableKey, onSaved, onCancel }: StripeCardFormProps) {
  const [setup, setSetup] = useState<Setup>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const stripe = await stripeFor(publishableKey);
      if (!stripe) throw new Error('Stripe.js is not available');
      const intent = await createSetupIntent();
      if (!cancelled) setSetup({ status: 'ready', stripe, clientSecret: intent.client_secret, setupIntentId: intent.setup_intent_id });
    })().catch(() => {
      if (!cancelled) setSetup({ status: 'failed' });
    });
    return () => {
      cancelled = true;
    };
  }, [publishableKey]);

  if (setup.status === 'failed') {
    return (
      <div className="space-y-4">
        <Alert tone="error">{CARD_FORM_UNAVAILABLE}</Alert>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Close
          </Button>
        </DialogFooter>
      </div>
    );
  }
  if (setup.status === 'loading') {
    return (
      <div className="flex items-center gap-3 py-6 text-sm text-ink-600">
        <Spinner label="Loading the card form" /> Loading the secure card form…
      </div>
    );
  }
  return (
    <Elements stripe={setup.stripe} options={{ clientSecret: setup.clientSecret }}>
      <ConfirmCardForm setupIntentId={setup.setupIntentId} onSaved={onSaved} onCancel={onCancel} />
    </Elements>
  );
}

function ConfirmCardForm({ setupIntentId, onSaved, onCancel }: { setupIntentId: string } & Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const save = useSaveConfirmedCard();
  const [holder, setHolder] = useState('');
  const [holderError, setHolderError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog may open inside another form (the wizard): its submit must not reach that one.
    event.stopPropagation();
    setFailure(null);
    if (!holder.trim()) return setHolderError(CARD_MESSAGES.holderRequired);
    setHolderError(null);
    if (!stripe || !elements) return setFailure(CARD_FORM_UNAVAILABLE);
    setBusy(true);
    try {
      const result = await stripe.confirmSetup({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href, payment_method_data: { billing_details: { name: holder.trim() } } },
      });
      if (result.error) return setFailure(result.error.message ?? 'This card could not be set up. Please try another card.');
      const saved = await save.mutateAsync(result.setupIntent?.id ?? setupIntentId);
      onSaved(saved.data);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The card could not be saved.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Field label="Card holder name" required error={holderError ?? undefined}>
        <Input autoComplete="cc-name" value={holder} onChange={(event) => setHolder(event.target.value)} />
      </Field>
      <PaymentElement options={PAYMENT_ELEMENT_OPTIONS} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} loadingText="Saving..." disabled={!stripe || !elements}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
