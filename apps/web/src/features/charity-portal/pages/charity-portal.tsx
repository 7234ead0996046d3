import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDollars } from '@pledgeway/domain/money';
import type { PortalOverview } from '@pledgeway/domain/schemas/charity-portal';
import { DataTable } from '@/components/data-table';
import { Alert } from '@/components/ui/alert';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { WebhooksSection } from '@/components/integrations/webhooks-section';
import { paths } from '@/config/paths';
import { formatDate, mediaUrl } from '@/lib/format';
import { serverMessage } from '@/lib/server-message';
import { downloadCsv, useMyCharities, usePortalOverview } from '@/lib/charity-portal';
import { ConnectTransfers } from '../components/connect-transfers';
import { ProfileForm } from '../components/profile-form';

type Campaign = PortalOverview['campaigns'][number];
type Payout = PortalOverview['payouts'][number];
type Dispute = PortalOverview['disputes'][number];

function Figure({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <div className="card p-4">
      <dt className="text-sm text-ink-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold">{formatDollars(value)}</dd>
      {hint && <dd className="mt-1 text-xs text-ink-500">{hint}</dd>}
    </div>
  );
}

function Downloads({ charityId }: { charityId: string }) {
  const [state, setState] = useState<{ busy?: string; error?: string }>({});
  async function get(kind: 'payouts' | 'supporters') {
    setState({ busy: kind });
    try {
      await downloadCsv(`/portal/charities/${charityId}/${kind}.csv`, `${kind}.csv`);
      setState({});
    } catch (error) {
      setState({ error: error instanceof Error ? error.message : 'The file could not be downloaded. Please try again.' });
    }
  }
  return (
    // Its own line on a phone, so the charity's name keeps the width beside the logo.
    <div className="w-full space-y-2 sm:w-auto">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" loading={state.busy === 'payouts'} onClick={() => void get('payouts')}>
          Payouts CSV
        </Button>
        <Button variant="outline" size="sm" loading={state.busy === 'supporters'} onClick={() => void get('supporters')}>
          Supporters CSV
        </Button>
      </div>
      {state.error && <Alert tone="error">{state.error}</Alert>}
    </div>
  );
}

function PayoutCard({ payout }: { payout: Payout }) {
  return (
    <li className="card p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          {formatDollars(payout.amount)} paid on {formatDate(payout.paid_on)}
        </h3>
        <span className="text-sm break-all text-ink-600">Reference: {payout.reference}</span>
      </div>
      <p className="mt-2 text-sm text-ink-600">
        {payout.pledge_count > payout.pledges.length
          ? `Pledges this payout carried: ${payout.pledge_count.toLocaleString('en-US')}. The first ${payout.pledges.length} are listed here; the Payouts CSV has every one.`
          : 'Pledges this payout carried:'}
      </p>
      <ul className="mt-1 divide-y divide-ink-100 text-sm">
        {payout.pledges.map((pledge, index) => (
          <li key={`${pledge.pledge_id ?? 'donations'}-${index}`} className="flex justify-between gap-3 py-1.5">
            <span className="min-w-0 break-words">
              {pledge.supporter}
              {pledge.campaign && <span className="text-ink-500"> · {pledge.campaign}</span>}
            </span>
            <span className="shrink-0 font-medium">{formatDollars(pledge.amount)}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

function Portal({ data }: { data: PortalOverview }) {
  const { charity, money } = data;
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center gap-4">
        {charity.logo ? (
          <img src={mediaUrl(charity.logo)} alt="" className="size-14 shrink-0 rounded-xl border border-ink-100 object-contain p-1" />
        ) : (
          <span className="size-14 shrink-0 rounded-xl bg-ink-100" aria-hidden="true" />
        )}
        <div className="min-w-[12rem] flex-1">
          <h1 className="text-2xl font-semibold break-words sm:text-3xl">{charity.name}</h1>
          <p className="text-sm text-ink-600">Charity portal · Registration number: {charity.registration_number || <strong>not on file</strong>}</p>
        </div>
        <Downloads charityId={charity._id} />
      </header>

      <section aria-labelledby="money-heading" className="space-y-3">
        <h2 id="money-heading" className="text-lg font-semibold">
          Money
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Charged from supporters" value={money.charged} hint={`Tips to Pledgeway within it: ${formatDollars(money.tips)}`} />
          <Figure label="For the charity" value={money.for_charity} hint="After fees, refunds and disputes; donations included" />
          <Figure label="Paid out" value={money.paid} />
          <Figure label="Waiting to be paid out" value={money.payable} />
        </dl>
      </section>

      <ConnectTransfers charityId={charity._id} connect={data.connect} />

      <Campaigns campaigns={data.campaigns} />
      <Payouts payouts={data.payouts} />
      <Disputes disputes={data.disputes} />
      <WebhooksSection charityId={charity._id} />
      <p className="text-sm text-ink-600">
        Your own tools can read the supporters CSV with a personal API key of scope <code>pledges:read</code> (made under{' '}
        <Link
          to={paths.user.developers}
          className="rounded font-semibold text-ink-900 underline decoration-brand-500 decoration-2 underline-offset-4 hover:decoration-ink-900"
        >
          Developers
        </Link>
        ) at <code className="break-all">GET /api/portal/charities/{charity._id}/supporters.csv</code>, and manage these endpoints with a key of scope{' '}
        <code>webhooks:manage</code> by adding <code className="break-all">?charity_id={charity._id}</code>. A key stops reaching the charity when you stop
        representing it.
      </p>
      <ProfileForm key={data.pending_change?._id ?? 'live'} profile={charity} pending={data.pending_change} />
    </div>
  );
}

function Campaigns({ campaigns }: { campaigns: Campaign[] }) {
  return (
    <section aria-labelledby="campaigns-heading" className="space-y-3">
      <h2 id="campaigns-heading" className="text-lg font-semibold">
        Campaigns benefiting the charity
      </h2>
      {campaigns.length ? (
        <DataTable<Campaign>
          caption="Campaigns benefiting the charity"
          rows={campaigns}
          rowKey={(row) => row._id}
          columns={[
            {
              header: 'Campaign',
              cell: (row) => (
                <Link to={`/events/${row._id}`} className="font-semibold text-sky-800 underline">
                  {row.name}
                </Link>
              ),
            },
            { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
            { header: 'Charged', cell: (row) => `${formatDollars(row.charged)} (${row.charged_pledges})` },
            { header: 'Tips', cell: (row) => formatDollars(row.tips) },
            { header: 'For the charity', cell: (row) => formatDollars(row.for_charity) },
          ]}
        />
      ) : (
        <p className="card p-5 text-ink-600">No campaign names this charity yet.</p>
      )}
    </section>
  );
}

function Payouts({ payouts }: { payouts: Payout[] }) {
  return (
    <section aria-labelledby="payouts-heading" className="space-y-3">
      <h2 id="payouts-heading" className="text-lg font-semibold">
        Payouts
      </h2>
      {payouts.length ? (
        <ul className="space-y-3">
          {payouts.map((payout) => (
            <PayoutCard key={payout._id} payout={payout} />
          ))}
        </ul>
      ) : (
        <p className="card p-5 text-ink-600">No payout recorded yet.</p>
      )}
    </section>
  );
}

function Disputes({ disputes }: { disputes: Dispute[] }) {
  return (
    <section aria-labelledby="disputes-heading" className="space-y-3">
      <h2 id="disputes-heading" className="text-lg font-semibold">
        Disputes
      </h2>
      {disputes.length ? (
        <DataTable<Dispute>
          caption="Disputes"
          rows={disputes}
          rowKey={(row) => row._id}
          columns={[
            { header: 'Opened', cell: (row) => formatDate(row.opened_at) },
            { header: 'Campaign', cell: (row) => row.campaign ?? 'Donation' },
            {
              header: 'Status',
              cell: (row) => <Badge tone={row.status === 'open' ? 'yellow' : row.status === 'won' ? 'green' : 'red'}>{row.status}</Badge>,
            },
            { header: 'Amount', cell: (row) => formatDollars(row.amount) },
            { header: 'Taken from the charity', cell: (row) => formatDollars(row.charity_share) },
          ]}
        />
      ) : (
        <p className="card p-5 text-ink-600">No disputes.</p>
      )}
    </section>
  );
}

/** /user/charities/:charityId: a represented charity's portal (decision 135). */
export default function CharityPortalPage() {
  const { charityId = '' } = useParams();
  const overview = usePortalOverview(charityId);
  useEffect(() => {
    document.title = `${overview.data?.charity.name ?? 'Charity portal'} — Pledgeway`;
  }, [overview.data?.charity.name]);
  if (overview.isPending) {
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner label="Loading the charity portal" className="scale-150" />
      </div>
    );
  }
  if (overview.isError) return <Alert tone="error">{serverMessage(overview.error, 'The charity portal could not be loaded.')}</Alert>;
  return <Portal data={overview.data} />;
}

/** /user/charities: the charities the signed-in person represents. */
export function MyCharitiesPage() {
  const mine = useMyCharities();
  useEffect(() => {
    document.title = 'My Charities — Pledgeway';
  }, []);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">My Charities</h1>
        <p className="mt-1 text-ink-600">The charities you represent. An admin invites representatives by e-mail.</p>
      </header>
      {mine.isPending ? (
        <Spinner label="Loading your charities" />
      ) : mine.isError ? (
        <Alert tone="error">{serverMessage(mine.error, 'Your charities could not be loaded.')}</Alert>
      ) : mine.data.length ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {mine.data.map((charity) => (
            <li key={charity._id}>
              <Link to={`/user/charities/${charity._id}`} className="card flex items-center gap-3 p-4 font-semibold hover:bg-ink-50">
                {charity.logo ? <img src={mediaUrl(charity.logo)} alt="" className="size-10 rounded-lg object-contain" /> : null}
                {charity.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="card p-6 text-ink-600">You do not represent a charity. An invitation from an admin arrives by e-mail.</p>
      )}
    </div>
  );
}
