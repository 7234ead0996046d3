import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { CharityConnectRow, CharityTransferRow } from '@pledgeway/domain/schemas/charity-connect';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useCharityConnect, useCharityTransfers, useRefreshAccount, useResolveHeldMovement, useRunTransfers, useStartOnboarding } from '../api/charity-connect';
import { CharityConnectTable, CharityTransfersTable, type ResolveAction } from '../components/charity-connect-table';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';

function Transfers({ charity }: { charity: CharityConnectRow }) {
  const transfers = useCharityTransfers(charity.charity_id);
  const resolve = useResolveHeldMovement();
  const [busy, setBusy] = useState<string | null>(null);
  const onResolve = (row: CharityTransferRow, action: ResolveAction) => {
    setBusy(row._id);
    resolve.mutate(
      { id: row._id, action },
      {
        onSuccess: (answer) => (answer.data.outcome === 'held' ? toast.warning(answer.message) : toast.success(answer.message)),
        onError: (error) => toast.error(error.message),
        onSettled: () => setBusy(null),
      },
    );
  };
  return (
    <section className="space-y-3" aria-labelledby="transfers-heading">
      <h2 id="transfers-heading" className="text-lg font-bold text-ink-900">
        Transfers to {charity.name}
      </h2>
      <QueryState
        query={transfers}
        noun="transfers"
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyState title="No transfers yet" description="A campaign's charges are transferred once its charge run and failed-charge window are over." />
        }
      >
        {(rows) => <CharityTransfersTable transfers={rows} busy={busy} onResolve={onResolve} />}
      </QueryState>
    </section>
  );
}

/**
 * /admin/charity-connect: which charities are on Stripe Connect and where their onboarding stands,
 * what each is owed outside Connect (paid by a recorded payout), transfers run now, and each
 * charity's transfers with the pledges they carried (decisions 130, 131).
 */
export default function AdminCharityConnectPage() {
  const list = useCharityConnect();
  const start = useStartOnboarding();
  const refresh = useRefreshAccount();
  const run = useRunTransfers();
  const [busy, setBusy] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);

  const onboard = async (charityId: string) => {
    setBusy(charityId);
    try {
      const answer = await start.mutateAsync(charityId);
      window.location.assign(answer.data.url);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The onboarding page could not be opened');
      setBusy(null);
    }
  };
  const readState = async (charityId: string) => {
    setBusy(charityId);
    try {
      const answer = await refresh.mutateAsync(charityId);
      const due = answer.data.account.requirements_due;
      if (due.length) toast.warning(`The payment provider still asks for: ${due.join(', ')}`);
      else toast.success(answer.data.account.payouts_enabled ? 'Payouts enabled: transfers will reach this charity.' : answer.message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The account could not be read');
    } finally {
      setBusy(null);
    }
  };

  // Back from the provider's onboarding page: read the account's state; an expired link makes a new one.
  useEffect(() => {
    const charity = params.get('charity');
    const onboarding = params.get('onboarding');
    if (handled.current || !charity || !onboarding) return;
    handled.current = true;
    setParams({}, { replace: true });
    setShown(charity);
    if (onboarding === 'refresh') void onboard(charity);
    else void readState(charity);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the address the provider returned to
  }, [params]);

  const runNow = () =>
    run.mutate(undefined, {
      onSuccess: (answer) => {
        const { created, made, waiting } = answer.data;
        const summary = `${made} made, ${created} newly due${waiting ? `, ${waiting} waiting` : ''}`;
        if (waiting) toast.warning(`Transfers run: ${summary}. A waiting one shows why in its charity's transfers.`);
        else toast.success(`Transfers run: ${summary}.`);
      },
      onError: (error) => toast.error(error.message),
    });

  const shownCharity = list.data?.charities.find((row) => row.charity_id === shown) ?? null;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Charities on Connect"
        description="A charity on Stripe Connect is paid by a transfer from each charge once its campaign's charge run and failed-charge window are over (donations the next day). A charity not on Connect, and money booked before its account existed, is paid by a payout recorded on Payouts."
        actions={
          <Button loading={run.isPending} loadingText="Running…" onClick={runNow}>
            Run transfers now
          </Button>
        }
      />
      {list.data?.sandbox && (
        <Alert tone="info" title="Sandbox payments">
          <p>Onboarding opens the SANDBOX's own form instead of Stripe's; transfers, reversals and payouts to the charity's bank are simulated.</p>
        </Alert>
      )}
      <QueryState
        query={list}
        noun="charities"
        isEmpty={(data) => data.charities.length === 0}
        empty={<EmptyState title="No charities" description="Add charities under Charities." />}
      >
        {(data) => (
          <CharityConnectTable
            charities={data.charities}
            busy={busy}
            onOnboard={(row) => void onboard(row.charity_id)}
            onRefresh={(row) => void readState(row.charity_id)}
            onShowTransfers={(row) => setShown(row.charity_id)}
          />
        )}
      </QueryState>
      {shownCharity && <Transfers charity={shownCharity} />}
    </div>
  );
}
