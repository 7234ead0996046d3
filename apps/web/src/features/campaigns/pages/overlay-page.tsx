import { useEffect, useRef, type Ref } from 'react';
import { useParams } from 'react-router';
import { formatDollars } from '@pledgeway/domain/money';
import type { Supporter } from '@pledgeway/domain/schemas/pledges';
import { useEvent } from '../api/get-event';
import { useSupporters } from '../api/get-supporters';
import { useLiveTotals } from '../hooks/use-live-totals';

const SHOWN_SUPPORTERS = 5;

/** Streaming software draws the page over the video: the page itself must have no background. */
function useTransparentPage() {
  useEffect(() => {
    const { documentElement, body } = document;
    const before = [documentElement.style.background, body.style.background];
    documentElement.style.background = 'transparent';
    body.style.background = 'transparent';
    return () => {
      [documentElement.style.background, body.style.background] = before as [string, string];
    };
  }, []);
}

/** Each newly arrived pledge slides in, unless the viewer asked for reduced motion. */
function NewestSupporter({ supporter }: { supporter: Supporter }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof element.animate !== 'function' || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    element.animate(
      [
        { transform: 'translateY(-12px) scale(0.96)', opacity: 0 },
        { transform: 'translateY(0) scale(1.03)', opacity: 1, offset: 0.6 },
        { transform: 'none', opacity: 1 },
      ],
      { duration: 700, easing: 'ease-out' },
    );
  }, [supporter._id]);
  return <SupporterLine ref={ref} supporter={supporter} highlight />;
}

function SupporterLine({ supporter, highlight, ref }: { supporter: Supporter; highlight?: boolean; ref?: Ref<HTMLLIElement> }) {
  return (
    <li ref={ref} className={highlight ? 'rounded-xl bg-brand-500/90 px-3 py-2 text-ink-900 [text-shadow:none]' : 'rounded-xl bg-black/55 px-3 py-2'}>
      <p className="font-bold">
        {supporter.name ?? 'Anonymous'} · {formatDollars(supporter.amount)}
      </p>
      {supporter.message && <p className="text-sm">{supporter.message}</p>}
    </li>
  );
}

/**
 * /overlay/events/{id}: a transparent live overlay for streaming software (decision 111): the
 * total, the goal bar and the latest supporters with their messages, fed by the live stream; each
 * new pledge is animated.
 */
export default function OverlayPage() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  const supporters = useSupporters(eventId);
  useTransparentPage();
  useLiveTotals(eventId, event.isSuccess);
  if (!event.data) return <p className="sr-only">{event.isError ? event.error.message : 'Loading overlay'}</p>;
  const { payment_amount: raised, target_amount: target } = event.data;
  const percent = target > 0 ? Math.min(100, (raised / target) * 100) : 0;
  const latest = (supporters.data?.pages[0]?.data.supporters ?? []).slice(0, SHOWN_SUPPORTERS);
  const [newest, ...earlier] = latest;
  return (
    <main className="grid max-w-md grid-cols-1 gap-3 p-4 font-sans text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.6)]">
      <div className="rounded-2xl bg-black/55 p-4">
        <p className="text-sm font-semibold">{event.data.name}</p>
        <p className="mt-1" aria-live="polite">
          <span className="text-3xl font-extrabold">{formatDollars(raised)}</span>
          <span className="text-white/85"> of {formatDollars(target, { whole: true })}</span>
        </p>
        <div
          className="mt-2 h-3 overflow-hidden rounded-full bg-white/25"
          role="progressbar"
          aria-label="Goal"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.floor(percent)}
        >
          <div className="h-full rounded-full bg-brand-500 transition-[width] duration-700 motion-reduce:transition-none" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <ol className="grid grid-cols-1 gap-2" aria-label="Latest supporters">
        {newest && <NewestSupporter key={newest._id} supporter={newest} />}
        {earlier.map((supporter) => (
          <SupporterLine key={supporter._id} supporter={supporter} />
        ))}
      </ol>
    </main>
  );
}
