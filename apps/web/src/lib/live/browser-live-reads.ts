import { createLiveReadScheduler, LIVE_READ_INTERVAL_MS, LIVE_READ_JITTER_MS, type LiveReadScheduler } from './live-reads';

const tabVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * The live read rule (`live-reads.ts`, decision 129) in the browser, for one open screen: `read(key)`
 * is called at most once per list every few seconds, jittered, never while the tab is hidden, and
 * once when it is shown again if a read was asked for meanwhile. Create it in the effect that opens
 * the screen's live stream; `dispose` cancels the waiting reads and stops watching the tab.
 */
export function browserLiveReads<Key extends string>(read: (key: Key) => void): { reads: LiveReadScheduler<Key>; dispose: () => void } {
  const reads = createLiveReadScheduler<Key>({ read, isVisible: tabVisible });
  const onVisibility = () => reads.visibilityChanged();
  document.addEventListener('visibilitychange', onVisibility);
  return {
    reads,
    dispose() {
      document.removeEventListener('visibilitychange', onVisibility);
      reads.stop();
    },
  };
}

/**
 * A polled screen's interval under the same rule (the admin's and the host's charge-run progress):
 * every few seconds, jittered. TanStack Query does not poll a hidden tab (`refetchIntervalInBackground`
 * is off).
 */
export function liveRefetchInterval(random = Math.random): number {
  return LIVE_READ_INTERVAL_MS + Math.round(random() * LIVE_READ_JITTER_MS);
}
