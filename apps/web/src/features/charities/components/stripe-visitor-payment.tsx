import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptionsMode } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { CARD_FORM_UNAVAILABLE } from '@/components/payments/messages';
import { stripeFor } from '@/components/payments/stripe-loader';
import { PAYMENT_ELEMENT_OPTIONS } from '@/components/payments/stripe-card-form';

/** What the donation form asks of Stripe.js for a visitor's donation (decision 245). */
export interface StripeVisitorPay {
  /** Checks the Payment Element (`elements.submit()`), then makes a PaymentMethod of it; its id. Throws in Stripe's words. */
  createPaymentMethod(holder: { name: string; email: string }): Promise<string>;
  /** The bank's check in the page (`stripe.handleNextAction`); throws in Stripe's words when it did not pass. */
  handleNextAction(clientSecret: string): Promise<void>;
}

interface StripeVisitorPaymentProps {
  publishableKey: string;
  /** The donation's amount in cents as typed; the Payment Element shows what suits it. */
  amountCents: number;
  /** Called with the Stripe.js calls once the Payment Element is ready, null while it is not. */
  onReady(pay: StripeVisitorPay | null): void;
}

/** The smallest donation ($1): what the Payment Element is told while the amount field holds no valid amount yet. */
const SMALLEST_CENTS = 100;

/**
 * The visitor's payment section with Stripe (decision 245): the Payment Element in deferred mode,
 * no PaymentIntent or client secret up front. Elements get the amount and currency of the form (the
 * server charges the amount the request names, not this one) and `paymentMethodCreation: 'manual'`,
 * so the form makes a PaymentMethod and the server creates and confirms the PaymentIntent.
 */
export default function StripeVisitorPayment({ publishableKey, amountCents, onReady }: StripeVisitorPaymentProps) {
  const [stripe, setStripe] = useState<Stripe | null | 'failed'>(null);

  useEffect(() => {
    let cancelled = false;
    stripeFor(publishableKey).then(
      (loaded) => !cancelled && setStripe(loaded ?? 'failed'),
      () => !cancelled && setStripe('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [publishableKey]);

  if (stripe === 'failed') return <Alert tone="error">{CARD_FORM_UNAVAILABLE}</Alert>;
  if (!stripe) {
    return (
      <div className="flex items-center gap-3 py-4 text-sm text-ink-600">
        <Spinner label="Loading the payment form" /> Loading the secure payment form…
      </div>
    );
  }
  const options: StripeElementsOptionsMode = {
    mode: 'payment',
    amount: Number.isInteger(amountCents) && amountCents >= SMALLEST_CENTS ? amountCents : SMALLEST_CENTS,
    currency: 'usd',
    paymentMethodCreation: 'manual',
  };
  return (
    <Elements stripe={stripe} options={options}>
      <Bridge onReady={onReady} />
      <PaymentElement options={PAYMENT_ELEMENT_OPTIONS} />
    </Elements>
  );
}

/** Hands the form Stripe.js and these Elements, which only components inside <Elements> can reach. */
function Bridge({ onReady }: Pick<StripeVisitorPaymentProps, 'onReady'>) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return onReady(null);
    onReady({
      async createPaymentMethod({ name, email }) {
        const checked = await elements.submit();
        if (checked.error) throw new Error(checked.error.message ?? 'Please check your payment details.');
        const made = await stripe.createPaymentMethod({ elements, params: { billing_details: { name, email } } });
        if (made.error) throw new Error(made.error.message ?? 'Your payment details could not be used. Please try again.');
        return made.paymentMethod.id;
      },
      async handleNextAction(clientSecret) {
        const result = await stripe.handleNextAction({ clientSecret });
        if (result.error) throw new Error(`${result.error.message ?? 'Your bank did not confirm the payment.'} Nothing was charged.`);
      },
    });
    return () => onReady(null);
  }, [stripe, elements, onReady]);
  return null;
}
