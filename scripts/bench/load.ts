// One autocannon run: a one-second warm-up (the JIT and the caches settle; its figures are
// dropped), then the measured run.
import autocannon from 'autocannon';

export const seconds = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = [50, 200] as const;

export interface LoadOptions {
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Per-request changes (distinct Idempotency-Keys and users for writes). */
  setupRequest?: (request: { headers?: Record<string, string>; body?: string }) => { headers?: Record<string, string>; body?: string };
  /** Seconds before a request counts as timed out (autocannon's default is 10). */
  timeout?: number;
  warmUp?: boolean;
  /** Runs between the warm-up and the measured run. */
  afterWarmUp?: () => Promise<unknown>;
}

export interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
}

async function run(url: string, connections: number, duration: number, options: LoadOptions) {
  const target = new URL(url);
  const request = {
    method: options.method ?? 'GET',
    path: target.pathname + target.search,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.setupRequest ? { setupRequest: options.setupRequest } : {}),
  };
  return autocannon({ url: target.origin, connections, duration, pipelining: 1, timeout: options.timeout ?? 10, requests: [request] });
}

export async function load(url: string, connections: number, options: LoadOptions = {}): Promise<LoadResult> {
  if (options.warmUp !== false) {
    await run(url, connections, 1, options);
    await options.afterWarmUp?.();
  }
  const result = await run(url, connections, seconds, options);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}
