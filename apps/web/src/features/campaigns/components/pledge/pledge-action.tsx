import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { HeartHandIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useLiveTotals } from '../../hooks/use-live-totals';
import { hostIdOf } from '../../lib/host-id';

// The form and its dialog load only when someone pledges.
const PledgeDialog = lazy(() => import('./pledge-dialog'));

interface PledgeButtonProps {
  event: EventDetailResponse;
  /** A runoff option's own button: the dialog opens with this option chosen. */
  participantId?: string;
  /** The live label; "Pledge Now" unless given. */
  label?: ReactNode;
  /** Accessible name when the label alone is ambiguous (several buttons on one page). */
  ariaLabel?: string;
  className?: string;
}

/**
 * A Pledge button: "Event Frozen" when frozen, the pledge dialog when live; a visitor is asked to
 * log in and comes back here after.
 */
export function PledgeButton({ event, participantId, label = 'Pledge Now', ariaLabel, className }: PledgeButtonProps) {
  const [open, setOpen] = useState(false);
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  if (event.status === 'freeze') {
    return (
      <button type="button" className={cn('btn btn-dark w-full', className)} disabled>
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
      <button
        type="button"
        className={cn('btn btn-primary w-full', className)}
        onClick={start}
        disabled={!live || status === 'loading'}
        aria-label={live ? ariaLabel : undefined}
      >
        <HeartHandIcon className="size-5" aria-hidden="true" /> {live ? label : event.status === 'pending' ? 'Awaiting review' : 'Pledging closed'}
      </button>
      {open && (
        <Suspense fallback={null}>
          <PledgeDialog event={event} isCreator={Boolean(user) && user?._id === hostIdOf(event)} participantId={participantId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The Pledge button of the public page's side panel; it also keeps the page's totals live. */
export function PledgeAction({ event }: { event: EventDetailResponse }) {
  const { status } = useAuth();
  useLiveTotals(event._id, event.status === 'approved' || event.status === 'freeze' || event.status === 'completed');
  return (
    <>
      <PledgeButton event={event} />
      {event.status === 'approved' && status === 'anonymous' && <p className="text-center text-sm text-ink-500">You will be asked to log in first.</p>}
    </>
  );
}
