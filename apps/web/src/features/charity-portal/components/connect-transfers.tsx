import { useState } from 'react';
import type { PortalOverview } from '@pledgeway/domain/schemas/charity-portal';
import { formatDollars } from '@pledgeway/domain/money';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { serverMessage } from '@/lib/server-message';
import { useRefreshConnect, useStartConnectOnboarding } from '@/lib/charity-portal';

type Connect = PortalOverview['connect'];
type Movement = Connect['transfers'][number];

function AccountState({ account }: { account: NonNullable<Connect['account']> }) {
  const ready = account.payouts_enabled && !account.requirements_due.length;
  return (
    <div className="space-y-2 text-sm">
      <p>
        {ready ? (
          <Badge tone="green">Payouts enabled</Badge>
        ) : account.details_submitted ? (
          <Badge tone="yellow">Stripe asks for more</Badge>
        ) : (
          <Badge tone="yellow">Onboarding not finished</Badge>
        )}{' '}
        <span className="text-ink-600">
          Details submitted: {account.details_submitted ? 'yes' : 'no'} · Payouts enabled: {account.payouts_enabled ? 'yes' : 'no'} · As Stripe reported on{' '}
          {formatDate(account.updated_at)}
        </span>
      </p>
      {account.requirements_due.length > 0 && (
        <div>
          <p className="font-medium">Stripe needs before it pays the charity:</p>
          <ul className="list-disc pl-5 break-words text-ink-700">
            {account.requirements_due.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Why a movement is not made yet, as the charity may read it. */
const MOVEMENT_WAITING: Record<Exclude<Movement['status'], 'made'>, string> = {
  pending: 'Waiting to be sent',
  held: 'Held: being checked with the payment provider',
  manual_review: 'Being settled by the platform with the payment provider',
};

function MovementLine({ movement }: { movement: Movement }) {
  const reversal = movement.kind === 'reversal';
  return (
    <li className="flex flex-wrap justify-between gap-x-3 gap-y-1 py-2">
      <span className="min-w-0 break-words">
        <Badge tone={reversal ? 'red' : 'green'}>{reversal ? 'Reversal' : 'Transfer'}</Badge>{' '}
        {movement.status === 'made' ? formatDate(movement.made_at ?? movement.created_at) : MOVEMENT_WAITING[movement.status]}
        <span className="block text-ink-600">
          {movement.carried.supporter_name} · {movement.carried.campaign?.name ?? 'Donation'} · {formatDollars(movement.carried.charged)} charged
        </span>
      </span>
      <span className="shrink-0 font-semibold">
        {reversal ? '−' : ''}
        {formatDollars(movement.amount)}
      </span>
    </li>
  );
}

/**
 * The charity's Stripe account (Connect) as Stripe last reported it, the way to start or continue
 * its onboarding and read its state again, and the transfers and reversals with the pledge each
 * carried (decisions 130, 135).
 */
export function ConnectTransfers({ charityId, connect }: { charityId: string; connect: Connect }) {
  const start = useStartConnectOnboarding(charityId);
  const refresh = useRefreshConnect(charityId);
  const [leaving, setLeaving] = useState(false);
  const error = start.error ?? refresh.error;
  const account = connect.account;
  async function onboard() {
    refresh.reset();
    const answer = await start.mutateAsync().catch(() => null);
    if (!answer) return;
    setLeaving(true);
    window.location.assign(answer.url);
  }
  return (
    <section aria-labelledby="stripe-heading" className="card space-y-3 p-5 sm:p-6">
      <h2 id="stripe-heading" className="text-lg font-semibold">
        Stripe
      </h2>
      {account ? (
        <AccountState account={account} />
      ) : (
        <p className="text-ink-700">
          <strong>Not connected to Stripe yet.</strong> Until it is, money reaches the charity through the payouts below, which an admin records after sending
          them.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!(account?.payouts_enabled && !account.requirements_due.length) && (
          <Button size="sm" loading={start.isPending || leaving} onClick={() => void onboard()}>
            {account ? 'Continue onboarding on Stripe' : 'Connect to Stripe'}
          </Button>
        )}
        {account && (
          <Button
            variant="outline"
            size="sm"
            loading={refresh.isPending}
            onClick={() => {
              start.reset();
              refresh.mutate();
            }}
          >
            Read the state from Stripe again
          </Button>
        )}
      </div>
      {error && <Alert tone="error">{serverMessage(error, 'Stripe could not be reached. Please try again.')}</Alert>}
      {refresh.isSuccess && <p className="text-sm text-ink-600">State read from Stripe just now.</p>}
      <h3 className="pt-2 font-semibold">Transfers and reversals</h3>
      {connect.transfers.length > 0 ? (
        <ul className="divide-y divide-ink-100 text-sm">
          {connect.transfers.map((movement) => (
            <MovementLine key={movement._id} movement={movement} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-600">No transfers through Stripe.</p>
      )}
    </section>
  );
}
