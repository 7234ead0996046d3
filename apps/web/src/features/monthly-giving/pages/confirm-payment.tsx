import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDollars, formatUtcDay } from '@pledgeway/domain';
import type { MonthlyConfirmation } from '@pledgeway/domain/schemas/monthly-giving';
import { stripeFor } from '@/components/payments/stripe-loader';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePaymentConfig } from '@/lib/payment-methods';
import { useConfirmMonthlyCharge, useMonthlyConfirmation } from '../api';

const day = (iso: string) => formatUtcDay(new Date(iso));
type Notice = { tone: 'success' | 'error' | 'info'; text: string };

/**
 * The on-site confirmation of a monthly gift's month that the bank asked the supporter to
 * authenticate (decision 170), reached from the e-mail's link. It states what is to be paid; the
 * bank's check runs in the browser (Stripe.js on the waiting PaymentIntent, or the sandbox's own
 * screen), then the server charges and books the month once and the page says what happened.
 */
export default function ConfirmMonthlyPaymentPage() {
  useEffect(() => {
    document.title = 'Confirm your payment — Pledgeway';
  }, []);
  const { giftId = '', chargeId = '' } = useParams();
  const confirmation = useMonthlyConfirmation(giftId, chargeId);
  const [notice, setNotice] = useState<Notice | null>(null);

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">Confirm your payment</h1>
        <p className="mt-1 text-ink-600">Your bank asked you to confirm this month’s charge of your monthly gift. Dates are in UTC.</p>
      </header>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {confirmation.isPending ? (
        <div className="flex justify-center py-16 text-brand-700">
          <Spinner label="Loading the payment" className="scale-150" />
        </div>
      ) : confirmation.isError ? (
        <Alert tone="error">{confirmation.error.message || 'This payment could not be found.'}</Alert>
      ) : (
        <>
          <Facts confirmation={confirmation.data} />
          <Step confirmation={confirmation.data} onNotice={setNotice} />
        </>
      )}
      <Link className="inline-block text-sm font-medium text-brand-700 underline" to={`${paths.user.giving}?gift=${giftId}`}>
        Back to My Giving
      </Link>
    </div>
  );
}

function Facts({ confirmation }: { confirmation: MonthlyConfirmation }) {
  const total = formatDollars(confirmation.amount + confirmation.tip);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-ink-100 bg-white p-4 text-sm">
      <dt className="text-ink-600">Monthly gift to</dt>
      <dd className="font-medium">{confirmation.charity_name}</dd>
      <dt className="text-ink-600">Amount</dt>
      <dd className="font-medium">
        {total}
        {confirmation.tip > 0 && ` (${formatDollars(confirmation.amount)} gift and ${formatDollars(confirmation.tip)} tip to Pledgeway)`}
      </dd>
      <dt className="text-ink-600">Charge of</dt>
      <dd className="font-medium">{day(confirmation.due_at)}</dd>
      <dt className="text-ink-600">Status</dt>
      <dd className="font-medium">
        {confirmation.status === 'charged'
          ? `Charged${confirmation.charged_at ? ` on ${day(confirmation.charged_at)}` : ''}`
          : confirmation.status === 'action_required'
            ? 'Waiting for your confirmation; nothing charged yet'
            : 'Not waiting for a confirmation'}
      </dd>
    </dl>
  );
}

/** The bank's check: the sandbox's screen, or Stripe.js; then the server's answer, told as it is. */
function Step({ confirmation, onNotice }: { confirmation: MonthlyConfirmation; onNotice(notice: Notice): void }) {
  const confirm = useConfirmMonthlyCharge(confirmation.gift_id, confirmation.charge_id);
  const config = usePaymentConfig();
  const [stripeBusy, setStripeBusy] = useState(false);

  if (confirmation.status !== 'action_required') return null;

  async function send(body: { sandbox_outcome?: 'approve' | 'fail' }) {
    try {
      const answer = await confirm.mutateAsync(body);
      onNotice({ tone: answer.data.confirmation.status === 'charged' ? 'success' : 'error', text: answer.message ?? '' });
    } catch (error) {
      onNotice({ tone: 'error', text: error instanceof Error ? error.message : 'The payment could not be confirmed. Nothing was charged.' });
    }
  }

  async function confirmWithStripe() {
    const stripeFacts = confirmation.stripe;
    const key = config.data?.publishable_key;
    if (!stripeFacts || !key) return onNotice({ tone: 'error', text: 'The payment form could not be loaded. Nothing was charged. Please try again.' });
    setStripeBusy(true);
    try {
      const stripe = await stripeFor(key);
      if (!stripe) throw new Error('The payment form could not be loaded. Nothing was charged. Please try again.');
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
      onNotice({ tone: 'error', text: error instanceof Error ? error.message : 'The payment could not be confirmed. Nothing was charged.' });
    } finally {
      setStripeBusy(false);
    }
  }

  if (confirmation.provider === 'sandbox') {
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
          <Button loading={confirm.isPending} onClick={() => void send({ sandbox_outcome: 'approve' })}>
            Approve payment
          </Button>
          <Button variant="outline" disabled={confirm.isPending} onClick={() => void send({ sandbox_outcome: 'fail' })}>
            Fail the check
          </Button>
        </div>
      </section>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button loading={stripeBusy || confirm.isPending} onClick={() => void confirmWithStripe()}>
        Confirm with my bank
      </Button>
      <Link className={buttonClasses({ variant: 'outline' })} to={`${paths.user.giving}?gift=${confirmation.gift_id}`}>
        Choose another card instead
      </Link>
    </div>
  );
}
