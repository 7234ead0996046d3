import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { HeartHandIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useLiveTotals } from '../../hooks/use-live-totals';

// The form and its dialog load only when someone pledges.
const PledgeDialog = lazy(() => import('./pledge-dialog'));

/**
 * The Pledge button of the public page: "Event Frozen" when frozen, the pledge dialog when live; a
 * visitor is asked to log in and comes back here after. It also keeps the page's totals live.
 */
export function PledgeAction({ event }: { event: EventDetailResponse }) {
  const [open, setOpen] = useState(false);
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  useLiveTotals(event._id, event.status === 'approved' || event.status === 'freeze' || event.status === 'completed');

  if (event.status === 'freeze') {
    return (
      <button type="button" className="btn btn-dark w-full" disabled>
        Event Frozen
      </button>
    );
  }
  const live = event.status === 'approved';
  const start = () => {
    if (status !== 'authenticated') {
      navigate(paths.login, { state: { from: location.pathname + location.search } });
      return;
    }
    setOpen(true);
  };
  return (
    <>
      <button type="button" className="btn btn-primary w-full" onClick={start} disabled={!live || status === 'loading'}>
        <HeartHandIcon className="size-5" aria-hidden="true" /> {live ? 'Pledge Now' : event.status === 'pending' ? 'Awaiting review' : 'Pledging closed'}
      </button>
      {live && status === 'anonymous' && <p className="text-center text-sm text-ink-500">You will be asked to log in first.</p>}
      {open && (
        <Suspense fallback={null}>
          <PledgeDialog event={event} isCreator={user?._id === event.owner_id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
