import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDollars } from '@pledgeway/domain/money';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import type { MyPledgeResponse } from '@pledgeway/domain/schemas/my-pledges';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { myPledgesQuery } from '@/lib/my-pledges';

// The raise form and its dialog load only when someone raises a pledge.
const RaisePledgeDialog = lazy(() => import('@/components/pledge/raise-pledge-dialog'));

/**
 * Bidding Power on the campaign page: the signed-in supporter's own pending pledges here, each with
 * "Raise my pledge" (or why it cannot go up). Nothing shows to anyone without one.
 */
export default function RaiseMyPledge({ event }: { event: EventDetailResponse }) {
  const { status } = useAuth();
  const pledges = useQuery({ ...myPledgesQuery(), enabled: status === 'authenticated' });
  const [raising, setRaising] = useState<MyPledgeResponse | null>(null);
  const mine = (pledges.data?.pledges ?? []).filter((pledge) => pledge.event._id === event._id && pledge.status === 'pending');
  if (status !== 'authenticated' || mine.length === 0) return null;

  return (
    <section className="grid gap-2 rounded-xl bg-brand-50 p-4" aria-labelledby="my-pledge-heading">
      <h2 id="my-pledge-heading" className="text-sm font-semibold text-ink-700">
        {mine.length === 1 ? 'Your pledge' : 'Your pledges'}
      </h2>
      <ul className="grid gap-2">
        {mine.map((pledge) => (
          <li key={pledge._id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-lg font-bold text-ink-900">{formatDollars(pledge.amount)}</span>
            {pledge.raise.allowed ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setRaising(pledge)}
                aria-label={mine.length > 1 ? `Raise my ${formatDollars(pledge.amount)} pledge` : undefined}
              >
                Raise my pledge
              </Button>
            ) : (
              pledge.raise.refusal && <span className="text-xs text-ink-600">{pledge.raise.refusal}</span>
            )}
          </li>
        ))}
      </ul>
      {raising && (
        <Suspense fallback={null}>
          <RaisePledgeDialog pledge={raising} eventId={event._id} eventName={event.name} onClose={() => setRaising(null)} />
        </Suspense>
      )}
    </section>
  );
}
