// Event-loop delay during a run, for a process of the bench's own (the open pages', or the pledge
// sender's, which runs alone: decision 275) and for an instance (prom-client's
// nodejs_eventloop_lag_*, which it resets at each scrape). A pledge that waits while the loops
// were prompt waited somewhere else: the database or the machine's cores.
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

/** One scrape of an instance's /metrics: its loop since the previous scrape, and its request-latency histogram so far. */
export interface InstanceScrape {
  delay: LoopDelay;
  /** Cumulative count of requests at or under each bucket's upper bound (seconds), by route pattern, POST only. */
  postBuckets: Map<string, Map<number, number>>;
}

export async function scrapeInstance(baseUrl: string, metricsToken: string): Promise<InstanceScrape | undefined> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  if (!response.ok) return undefined;
  const text = await response.text();
  const seconds = (name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? NaN);
  const postBuckets = new Map<string, Map<number, number>>();
  for (const match of text.matchAll(/^http_request_duration_seconds_bucket\{([^}]*)\} (\d+)/gm)) {
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
    if (labels.method !== 'POST' || !labels.status?.startsWith('2') || !labels.route || !labels.le) continue;
    const buckets = postBuckets.get(labels.route) ?? new Map<number, number>();
    const bound = labels.le === '+Inf' ? Infinity : Number(labels.le);
    buckets.set(bound, (buckets.get(bound) ?? 0) + Number(match[2]));
    postBuckets.set(labels.route, buckets);
  }
  return { delay: { p99Ms: seconds('nodejs_eventloop_lag_p99_seconds') * 1000, maxMs: seconds('nodejs_eventloop_lag_max_seconds') * 1000 }, postBuckets };
}

/**
 * How long the instance itself took over a route's POSTs between two scrapes (from its handler's
 * start to its answer), as the histogram bucket holding the median and the 99th percentile: a
 * pledge the sender saw wait far longer waited before the instance read it, or after it answered.
 */
export function serverSideLatency(before: InstanceScrape | undefined, after: InstanceScrape | undefined, route: string): string {
  const start = before?.postBuckets.get(route) ?? new Map<number, number>();
  const end = after?.postBuckets.get(route);
  if (!end) return 'not read';
  const bounds = [...end.keys()].sort((a, b) => a - b);
  const counts = bounds.map((bound) => (end.get(bound) ?? 0) - (start.get(bound) ?? 0));
  const total = counts.at(-1) ?? 0;
  const bucketOf = (share: number) => {
    const index = counts.findIndex((count) => count >= total * share);
    return bounds[index] === Infinity ? `over ${bounds[index - 1]! * 1000} ms` : `≤ ${bounds[index]! * 1000} ms`;
  };
  return total ? `${total} answered, p50 ${bucketOf(0.5)}, p99 ${bucketOf(0.99)}` : 'none answered';
}

export const loopDelayText = (delay: LoopDelay | undefined) => (delay ? `p99 ${delay.p99Ms.toFixed(0)} ms, most ${delay.maxMs.toFixed(0)} ms` : 'not read');
