import { useState, type ReactNode } from 'react';
import type { StripeConfirmation } from '@pledgeway/domain/schemas/monthly-giving';
import { stripeFor } from '@/components/payments/stripe-loader';
import { Button } from '@/components/ui/button';
import { usePaymentConfig } from '@/lib/payment-methods';

export type BankNotice = { tone: 'success' | 'error' | 'info'; text: string };
/** The confirm request's body: empty after Stripe.js, the tester's choice on the sandbox's screen. */
export type BankConfirmationBody = { sandbox_outcome?: 'approve' | 'fail' };

const NOT_LOADED = 'The payment form could not be loaded. Nothing was charged. Please try again.';
const NOT_CONFIRMED = 'The payment could not be confirmed. Nothing was charged.';

interface BankConfirmationProps {
  provider: 'sandbox' | 'stripe';
  /** With Stripe: the waiting PaymentIntent's client secret, status and saved method. */
  stripe: StripeConfirmation | null;
  /** Sends the confirm request once the bank's check is done; resolves to what the page shows. */
  confirm(body: BankConfirmationBody): Promise<BankNotice>;
  confirming: boolean;
  onNotice(notice: BankNotice): void;
  /** Shown beside the confirmation's buttons: the way to choose another card instead. */
  alternative?: ReactNode;
}

/**
 * The bank's check of a charge that asked its holder to authenticate, shared by a monthly gift's
 * month (decision 170) and a pledge's charge (decision 260): with Stripe, Stripe.js runs
 * `handleNextAction` on an intent in `requires_action` (else confirms the intent left waiting for
 * its method); on the sandbox, a screen that says plainly no bank is asked, with Approve and Fail.
 * Then `confirm` lets the server read the charge back and book it, and its answer is told as it is.
 */
export function BankConfirmation({ provider, stripe: stripeFacts, confirm, confirming, onNotice, alternative }: BankConfirmationProps) {
  const config = usePaymentConfig(provider === 'stripe');
  const [stripeBusy, setStripeBusy] = useState(false);

  async function send(body: BankConfirmationBody) {
    try {
      onNotice(await confirm(body));
    } catch (error) {
      onNotice({ tone: 'error', text: error instanceof Error ? error.message : NOT_CONFIRMED });
    }
  }

  async function confirmWithStripe() {
    const key = config.data?.publishable_key;
    if (!stripeFacts || !key) return onNotice({ tone: 'error', text: NOT_LOADED });
    setStripeBusy(true);
    try {
      const stripe = await stripeFor(key);
      if (!stripe) throw new Error(NOT_LOADED);
      const result =
        stripeFacts.intent_status === 'requires_action'
          ? await stripe.handleNextAction({ clientSecret: stripeFacts.client_secret })
          : await stripe.confirmPayment({
              clientSecret: stripeFacts.client_secret,
              confirmParams: { return_url: window.location.href, ...(stripeFacts.payment_method ? { payment_method: stripeFacts.payment_method } : {}) },
              redirect: 'if_required',
            });
      if (result.error) return onNotice({ tone: 'error', text: `${result.error.message ?? 'Your bank did not confirm the payment.'} Nothing was charged.` });
      await send({});
    } catch (error) {
      onNotice({ tone: 'error', text: error instanceof Error ? error.message : NOT_CONFIRMED });
    } finally {
      setStripeBusy(false);
    }
  }

  if (provider === 'sandbox') {
    return (
      <section aria-labelledby="sandbox-bank" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
        <h2 id="sandbox-bank" className="font-semibold">
          Sandbox bank confirmation
        </h2>
        <p className="text-sm text-ink-700">
          This demo runs on the sandbox: no real bank is asked and no card is charged for real. Choose what your bank’s check does (with Stripe, your bank’s own
          3-D Secure screen appears here).
        </p>
        <div className="flex flex-wrap gap-3">
          <Button loading={confirming} onClick={() => void send({ sandbox_outcome: 'approve' })}>
            Approve payment
          </Button>
          <Button variant="outline" disabled={confirming} onClick={() => void send({ sandbox_outcome: 'fail' })}>
            Fail the check
          </Button>
          {alternative}
        </div>
      </section>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      {/* Not before the publishable key is known: a click then would only say the form could not load. */}
      <Button loading={stripeBusy || confirming || config.isPending} onClick={() => void confirmWithStripe()}>
        Confirm with my bank
      </Button>
      {alternative}
    </div>
  );
}
