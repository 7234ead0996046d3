import { createContext, use, useEffect, useState, useSyncExternalStore } from 'react';
import type { DisplayZone } from './zone-format';

/**
 * What a server-rendered page was rendered with, sent inside the page (docs/decisions/071): while the
 * browser hydrates it renders with the same values, so its first render matches the HTML; anything
 * that differs in the browser (the clock, the time zone, the address, a signed-in user) follows
 * right after hydration.
 */
export interface RenderSnapshot {
  /** The server's clock when it rendered (ms since the epoch, whole minutes). */
  now: number;
  /** Whether the request carried the non-secret `has_session` cookie (the header then shows "Dashboard"). */
  sessionHint: boolean;
  /** The site's public address, e.g. https://pledgeway.org, for absolute links such as share links. */
  origin: string;
}

const RenderSnapshotContext = createContext<RenderSnapshot | null>(null);

/** Provides the snapshot on the server and while hydrating; a client-only start provides none. */
export const RenderSnapshotProvider = RenderSnapshotContext;

export function useRenderSnapshot(): RenderSnapshot | null {
  return use(RenderSnapshotContext);
}

const noSubscription = () => () => {};

/**
 * False while rendering on the server and during hydration, true on every render after it (and
 * from the start of a page rendered only in the browser). Render the server's version while false.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The current time for what a page shows ("12 days left", countdowns, the footer's year): the
 * server's render time until hydrated, then the browser's clock, refreshed every `refreshMs`
 * (aligned to whole intervals, so seconds tick together) when given.
 */
export function useNow(refreshMs?: number): Date {
  const hydrated = useHydrated();
  const snapshot = useRenderSnapshot();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!refreshMs) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setNow(new Date());
          schedule();
        },
        refreshMs - (Date.now() % refreshMs),
      );
    };
    setNow(new Date());
    schedule();
    return () => clearTimeout(timer);
  }, [refreshMs]);
  if (!hydrated && snapshot) return new Date(snapshot.now);
  return now;
}

/**
 * The time zone to show instants in: UTC on the server and while hydrating (the server cannot know
 * the visitor's zone), then the browser's own (undefined).
 */
export function useDisplayTimeZone(): DisplayZone {
  return useHydrated() ? undefined : 'UTC';
}

/** The site's address: the configured public address until hydrated, then the one in the address bar. */
export function useOrigin(): string {
  const hydrated = useHydrated();
  const snapshot = useRenderSnapshot();
  if (hydrated && typeof window !== 'undefined') return window.location.origin;
  return snapshot?.origin ?? '';
}
