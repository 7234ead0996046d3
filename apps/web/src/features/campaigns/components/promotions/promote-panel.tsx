import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatDollars } from '@pledgeway/domain/money';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import type { MyPromotion } from '@pledgeway/domain/schemas/promotions';
import { Button, buttonClasses } from '@/components/ui/button';
import { LOGIN_RETURN_PARAM, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useOrigin } from '@/lib/hydration';
import { useMyPromotion } from '../../api/get-my-promotion';
import { hostIdOf } from '../../lib/host-id';

// The request dialog loads only when someone asks to promote.
const PromoteDialog = lazy(() => import('./promote-dialog'));

/** The accepted promoter's link, ready to copy, with what it has brought in so far. */
function PromotionLink({ promotion }: { promotion: MyPromotion }) {
  const [copied, setCopied] = useState(false);
  const url = `${useOrigin()}${promotion.path}`;
  return (
    <div className="grid gap-2">
      <label htmlFor="promotion-link" className="text-sm font-semibold text-ink-600">
        Your promotion link
      </label>
      <input id="promotion-link" readOnly value={url} className="input text-sm" onFocus={(focusEvent) => focusEvent.currentTarget.select()} />
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => setCopied(true));
        }}
      >
        {copied ? 'Link copied' : 'Copy link'}
      </Button>
      <p className="text-sm text-ink-600" aria-live="polite">
        {promotion.pledges} {promotion.pledges === 1 ? 'pledge' : 'pledges'} · {formatDollars(promotion.raised)} through your link
      </p>
    </div>
  );
}

const STATE_TEXT: Record<Exclude<MyPromotion['status'], 'accepted'>, string> = {
  pending: "Your request to promote this campaign is waiting for the host's answer.",
  declined: 'The host declined your request to promote this campaign.',
  ended: 'The host ended your promotion. Pledges made through your link stay credited to you.',
};

/**
 * Third-Party Promotion on a live campaign's page: anyone but its host can ask to promote it (a
 * visitor logs in first), then sees where their request stands, and once accepted their own link.
 * A visitor's button works before the app has hydrated it (decision 120): it is a form that leads
 * to the log-in page with the way back in the address. With a session the panel shows only once
 * the session is checked, so nothing can be pressed before the app runs.
 */
export default function PromotePanel({ event }: { event: EventDetailResponse }) {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = status === 'authenticated';
  const mine = useMyPromotion(event._id, signedIn && event.status === 'approved');
  // The host shares the page itself; the public read does not say who the host is, this answer does.
  const isHost = Boolean(user && (user._id === hostIdOf(event) || mine.data?.data.is_host));
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const from = location.pathname + location.search;
  if (event.status !== 'approved' || isHost || status === 'loading' || (signedIn && !mine.isSuccess)) return null;
  const promotion = mine.data?.data.promotion ?? null;

  return (
    <div className="grid gap-2 border-t border-ink-100 pt-4">
      <p className="text-sm font-semibold text-ink-600">Promote</p>
      {promotion?.status === 'accepted' ? (
        <PromotionLink promotion={promotion} />
      ) : promotion ? (
        <p className="text-sm text-ink-700" role="status">
          {sent ?? STATE_TEXT[promotion.status]}
        </p>
      ) : (
        <>
          <p className="text-sm text-ink-600">Share this campaign with your own link; pledges through it are credited to you.</p>
          {/* `contents`: the form adds no box, so the button keeps its place in the panel's grid. */}
          <form method="get" action={paths.login} className="contents">
            <input type="hidden" name={LOGIN_RETURN_PARAM} value={from} />
            <button
              type="submit"
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
              onClick={(click) => {
                // The app takes it from here; the form is for a page the app has not hydrated yet.
                click.preventDefault();
                if (signedIn) setAsking(true);
                else navigate(paths.login, { state: { from } });
              }}
            >
              Promote this campaign
            </button>
          </form>
        </>
      )}
      {asking && (
        <Suspense fallback={null}>
          <PromoteDialog
            eventId={event._id}
            eventName={event.name}
            onClose={() => setAsking(false)}
            onSent={(message) => {
              setSent(message);
              setAsking(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
