import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDollars, formatUtcDay } from '@pledgeway/domain';
import type { MonthlyConfirmation } from '@pledgeway/domain/schemas/monthly-giving';
import { BankConfirmation, type BankNotice } from '@/components/payments/bank-confirmation';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useConfirmMonthlyCharge, useMonthlyConfirmation } from '../api';

const day = (iso: string) => formatUtcDay(new Date(iso));

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
  const [notice, setNotice] = useState<BankNotice | null>(null);

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

/** The bank's check (shared with a pledge's, decision 260); then the server's answer, told as it is. */
function Step({ confirmation, onNotice }: { confirmation: MonthlyConfirmation; onNotice(notice: BankNotice): void }) {
  const confirm = useConfirmMonthlyCharge(confirmation.gift_id, confirmation.charge_id);
  if (confirmation.status !== 'action_required') return null;
  return (
    <BankConfirmation
      provider={confirmation.provider}
      stripe={confirmation.stripe}
      confirming={confirm.isPending}
      onNotice={onNotice}
      confirm={async (body) => {
        const answer = await confirm.mutateAsync(body);
        return { tone: answer.data.confirmation.status === 'charged' ? 'success' : 'error', text: answer.message ?? '' };
      }}
      alternative={
        <Link className={buttonClasses({ variant: 'outline' })} to={`${paths.user.giving}?gift=${confirmation.gift_id}`}>
          Choose another card instead
        </Link>
      }
    />
  );
}
