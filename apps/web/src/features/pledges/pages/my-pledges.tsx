import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDollars } from '@pledgeway/domain/money';
import { PLEDGE_MESSAGES, type MyPledgeResponse } from '@pledgeway/domain/schemas/my-pledges';
import { PledgeCard } from '@/components/pledge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useMyPledges } from '@/lib/my-pledges';
import { EmailSharing } from '../components/email-sharing';
import { MyMatches } from '../components/my-matches';
import { UpdateCardDialog } from '../components/update-card-dialog';

// The raise form and its dialog load only when someone raises a pledge.
const RaisePledgeDialog = lazy(() => import('@/components/pledge/raise-pledge-dialog'));

/** docs/product.md#my-pledges shows only the first 3 pledges; the rest are one click away. */
const FIRST_PLEDGES = 3;

export default function MyPledgesPage() {
  useEffect(() => {
    document.title = 'My Pledges — Pledgeway';
  }, []);
  const pledges = useMyPledges();
  const [showAll, setShowAll] = useState(false);
  const [updating, setUpdating] = useUpdateFromLink(pledges.data?.pledges);
  const [raising, setRaising] = useState<MyPledgeResponse | null>(null);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">My Pledges</h1>
        <p className="mt-1 text-ink-600">Pledges are charged only when the event is completed.</p>
      </header>
      {pledges.isPending ? (
        <div className="flex justify-center py-16 text-brand-700">
          <Spinner label="Loading pledges" className="scale-150" />
        </div>
      ) : pledges.isError ? (
        <Alert tone="error">{pledges.error instanceof ApiError ? PLEDGE_MESSAGES.loadFailed : pledges.error.message || PLEDGE_MESSAGES.loadFailed}</Alert>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Total pledged" value={formatDollars(pledges.data.stats.totalPledged)} />
            <Stat label="Campaigns supported" value={String(pledges.data.stats.totalEvents)} />
            <Stat label="Pending" value={String(pledges.data.stats.pendingPledges)} />
            <Stat label="Charged" value={String(pledges.data.stats.deductedPledges)} />
          </dl>
          {pledges.data.pledges.length === 0 ? (
            <p className="card p-8 text-center text-ink-600">{PLEDGE_MESSAGES.empty}</p>
          ) : (
            <>
              <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
                {(showAll ? pledges.data.pledges : pledges.data.pledges.slice(0, FIRST_PLEDGES)).map((pledge) => (
                  <li key={pledge._id}>
                    <PledgeCard pledge={pledge} onUpdateCard={() => setUpdating(pledge)} onRaise={() => setRaising(pledge)} />
                    <EmailSharing pledge={pledge} />
                  </li>
                ))}
              </ul>
              {pledges.data.pledges.length > FIRST_PLEDGES && (
                <div className="flex justify-center">
                  <Button variant="outline" onClick={() => setShowAll((value) => !value)} aria-expanded={showAll}>
                    {showAll ? 'Show fewer' : `Show all (${pledges.data.pledges.length})`}
                  </Button>
                </div>
              )}
            </>
          )}
        </>
      )}
      <MyMatches />
      {updating && <UpdateCardDialog pledgeId={updating._id} eventName={updating.event.name} onClose={() => setUpdating(null)} />}
      {raising && (
        <Suspense fallback={null}>
          <RaisePledgeDialog pledge={raising} eventId={raising.event._id} eventName={raising.event.name} onClose={() => setRaising(null)} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The pledge whose card is being updated. The failed-charge e-mail links to `?update={pledge id}`:
 * that pledge's Update payment method opens as soon as the pledges are loaded, if it still needs one.
 */
function useUpdateFromLink(pledges: MyPledgeResponse[] | undefined) {
  const [params, setParams] = useSearchParams();
  const [updating, setUpdating] = useState<MyPledgeResponse | null>(null);
  const linked = params.get('update');
  useEffect(() => {
    if (!linked || !pledges) return;
    const pledge = pledges.find((candidate) => candidate._id === linked && candidate.status === 'failed');
    if (pledge) setUpdating(pledge);
    setParams(
      (current) => {
        current.delete('update');
        return current;
      },
      { replace: true },
    );
  }, [linked, pledges, setParams]);
  return [updating, setUpdating] as const;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="card p-4">
      <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</dt>
      <dd className="mt-1 font-display text-xl font-semibold text-ink-900">{value}</dd>
    </div>
  );
}
