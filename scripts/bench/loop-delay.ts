// Event-loop delay during a run, for the bench's own process (the pledge sender shares its loop with
// the open pages) and for an instance (prom-client's nodejs_eventloop_lag_*, which it resets at each
// scrape). A pledge that waits while both loops were prompt waited somewhere else: the database or
// the machine's cores.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopDelay {
  p99Ms: number;
  maxMs: number;
}

/** The bench process's own loop while `work` runs. */
export async function ownLoopDelayDuring<T>(work: () => Promise<T>): Promise<{ result: T; delay: LoopDelay }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const result = await work();
    return { result, delay: { p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6 } };
  } finally {
    histogram.disable();
  }
}

/** The instance's loop since the previous scrape, read from /metrics with its token. */
export async function instanceLoopDelay(baseUrl: string, metricsToken: string): Promise<LoopDelay | undefined> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  if (!response.ok) return undefined;
  const text = await response.text();
  const seconds = (name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? NaN);
  return { p99Ms: seconds('nodejs_eventloop_lag_p99_seconds') * 1000, maxMs: seconds('nodejs_eventloop_lag_max_seconds') * 1000 };
}

export const loopDelayText = (delay: LoopDelay | undefined) => (delay ? `p99 ${delay.p99Ms.toFixed(0)} ms, most ${delay.maxMs.toFixed(0)} ms` : 'not read');
