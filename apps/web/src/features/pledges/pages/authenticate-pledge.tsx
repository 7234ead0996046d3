import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDollars, formatUtcDay } from '@pledgeway/domain';
import type { PledgeAuthentication } from '@pledgeway/domain/schemas/pledge-authentication';
import { BankConfirmation, type BankNotice } from '@/components/payments/bank-confirmation';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuthenticatePledge, usePledgeAuthentication } from '../api/pledge-authentication';

const day = (iso: string) => formatUtcDay(new Date(iso));

/**
 * The on-site confirmation of a failed pledge's charge that the bank asked the supporter to
 * authenticate (decision 260), reached from the failed-charge e-mail and My Pledges. It states what
 * is to be paid, for which campaign and with which card; the bank's check runs in the browser
 * (Stripe.js on the attempt's PaymentIntent, or the sandbox's own screen), then the server books
 * the charge once and the page says what happened.
 */
export default function AuthenticatePledgePage() {
  useEffect(() => {
    document.title = 'Confirm your pledge’s payment — Pledgeway';
  }, []);
  const { pledgeId = '' } = useParams();
  const authentication = usePledgeAuthentication(pledgeId);
  const [notice, setNotice] = useState<BankNotice | null>(null);

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">Confirm your pledge’s payment</h1>
        <p className="mt-1 text-ink-600">Your bank asked you to confirm the charge of your pledge before it goes through. Dates are in UTC.</p>
      </header>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {authentication.isPending ? (
        <div className="flex justify-center py-16 text-brand-700">
          <Spinner label="Loading the payment" className="scale-150" />
        </div>
      ) : authentication.isError ? (
        <Alert tone="error">{authentication.error.message || 'This pledge could not be found.'}</Alert>
      ) : (
        <>
          <Facts authentication={authentication.data} />
          <Step authentication={authentication.data} onNotice={setNotice} />
        </>
      )}
      <Link className="inline-block text-sm font-medium text-brand-700 underline" to={paths.user.pledges}>
        Back to My Pledges
      </Link>
    </div>
  );
}

function statusOf(authentication: PledgeAuthentication): string {
  if (authentication.status === 'charged') return `Charged${authentication.charged_at ? ` on ${day(authentication.charged_at)}` : ''}`;
  if (authentication.waiting) return 'Waiting for your bank’s confirmation; nothing charged yet';
  if (authentication.status === 'failed') return 'Not waiting for your bank: the charge was declined. Choose another card under My Pledges.';
  if (authentication.status === 'dropped') return 'Dropped: it could not be charged within 7 days, and nothing was charged';
  return 'Not waiting for a confirmation';
}

function Facts({ authentication }: { authentication: PledgeAuthentication }) {
  const extras = [
    authentication.tip > 0 && `${formatDollars(authentication.tip)} tip to Pledgeway`,
    authentication.cover > 0 && `${formatDollars(authentication.cover)} to cover the fees`,
  ].filter(Boolean);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-ink-100 bg-white p-4 text-sm">
      <dt className="text-ink-600">Pledge to</dt>
      <dd className="font-medium">
        <Link className="text-brand-700 underline" to={paths.event(authentication.campaign._id)}>
          {authentication.campaign.name}
        </Link>
      </dd>
      <dt className="text-ink-600">Amount</dt>
      <dd className="font-medium">
        {formatDollars(authentication.total)}
        {extras.length > 0 && ` (${formatDollars(authentication.amount)} pledge, ${extras.join(', ')})`}
      </dd>
      <dt className="text-ink-600">Card</dt>
      <dd className="font-medium">{authentication.card ?? 'No longer saved'}</dd>
      <dt className="text-ink-600">Status</dt>
      <dd className="font-medium">{statusOf(authentication)}</dd>
      {authentication.waiting && authentication.window_ends_at && (
        <>
          <dt className="text-ink-600">Confirm by</dt>
          <dd className="font-medium">{day(authentication.window_ends_at)} (then it is tried once more, and dropped if that fails)</dd>
        </>
      )}
    </dl>
  );
}

/** The bank's check (shared with a monthly gift's month, decision 170); then the server's answer, told as it is. */
function Step({ authentication, onNotice }: { authentication: PledgeAuthentication; onNotice(notice: BankNotice): void }) {
  const confirm = useAuthenticatePledge(authentication.pledge_id);
  if (!authentication.waiting) return null;
  return (
    <BankConfirmation
      provider={authentication.provider}
      stripe={authentication.stripe}
      confirming={confirm.isPending}
      onNotice={onNotice}
      confirm={async (body) => {
        const answer = await confirm.mutateAsync(body);
        return { tone: answer.data.authentication.status === 'charged' ? 'success' : 'error', text: answer.message ?? '' };
      }}
      alternative={
        <Link className={buttonClasses({ variant: 'outline' })} to={`${paths.user.pledges}?update=${authentication.pledge_id}`}>
          Choose another card instead
        </Link>
      }
    />
  );
}
