import { lazy, Suspense, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { HeartHandIcon } from '@/components/ui/icons';
import { LOGIN_RETURN_PARAM, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useEarlyClick } from '@/lib/early-clicks';
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
 * log in and comes back here after. It works before the app has hydrated it (decision 120): for a
 * visitor it is a form that leads to the log-in page with the way back in the address; with a
 * session, the press is held and the dialog opens once the app runs.
 */
export function PledgeButton({ event, participantId, label = 'Pledge Now', ariaLabel, className }: PledgeButtonProps) {
  const [open, setOpen] = useState(false);
  // Pressed while the session was being checked: acted on once the check has answered.
  const [pressedEarly, setPressedEarly] = useState(false);
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = location.pathname + location.search;
  const early = useEarlyClick(participantId ? `pledge:${participantId}` : 'pledge', () => setPressedEarly(true), status === 'loading');

  const act = () => {
    if (status === 'authenticated') setOpen(true);
    else navigate(paths.login, { state: { from } });
  };
  const actOnEarlyPress = useEffectEvent(act);
  useEffect(() => {
    if (!pressedEarly || status === 'loading') return;
    setPressedEarly(false);
    actOnEarlyPress();
  }, [pressedEarly, status]);

  if (event.status === 'freeze') {
    return (
      <button type="button" className={cn('btn btn-dark w-full', className)} disabled>
        Event Frozen
      </button>
    );
  }
  const live = event.status === 'approved';
  const button = (
    <button
      type={live ? 'submit' : 'button'}
      className={cn('btn btn-primary w-full', className)}
      onClick={(click) => {
        // The app takes it from here; the form is for a page the app has not hydrated yet.
        click.preventDefault();
        if (status === 'loading') setPressedEarly(true);
        else act();
      }}
      disabled={!live}
      aria-label={live ? ariaLabel : undefined}
      {...early}
    >
      <HeartHandIcon className="size-5" aria-hidden="true" /> {live ? label : event.status === 'pending' ? 'Awaiting review' : 'Pledging closed'}
    </button>
  );
  return (
    <>
      {live ? (
        // `contents`: the form adds no box, so the button sits in the panel's layout as before.
        <form method="get" action={paths.login} className="contents">
          <input type="hidden" name={LOGIN_RETURN_PARAM} value={from} />
          {button}
        </form>
      ) : (
        button
      )}
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
