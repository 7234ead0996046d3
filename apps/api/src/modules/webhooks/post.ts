import http from 'node:http';
import https from 'node:https';
import { checkedAddress, pinnedLookup, RefusedAddressError, type Resolver } from './address-guard.ts';

/** What one attempt got back: the status (null without an answer), how long it took, the first 1 KB. */
export interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  response: string;
  ok: boolean;
}

const TIMEOUT_MS = 10_000;
const RESPONSE_KEPT_BYTES = 1024;

/**
 * POSTs `body` to `url` once: the address is checked after resolution and the connection pinned to
 * it; a redirect is not followed (it counts as a failure, and its target is never called).
 */
export async function postOnce(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; resolve?: Resolver; now?: () => number },
): Promise<AttemptResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const target = new URL(url);
  let pinned;
  try {
    pinned = await checkedAddress(target, options);
  } catch (error) {
    const reason = error instanceof RefusedAddressError ? error.message : String(error);
    return { statusCode: null, durationMs: now() - started, response: `Not sent: ${reason}`, ok: false };
  }
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    const finish = (statusCode: number | null, response: string) => {
      const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
      resolve({ statusCode, durationMs: Math.max(0, now() - started), response, ok });
    };
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Pledgeway-Webhooks/1' },
        lookup: pinnedLookup(pinned) as never,
        timeout: TIMEOUT_MS,
        // One connection per attempt: a pooled socket could outlive the address check.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept >= RESPONSE_KEPT_BYTES) return;
          chunks.push(chunk);
          kept += chunk.length;
          if (kept >= RESPONSE_KEPT_BYTES) response.destroy();
        });
        const done = () => {
          let text = Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString('utf8');
          const status = response.statusCode ?? null;
          if (status !== null && status >= 300 && status < 400) text = `Redirect to ${response.headers.location ?? '(no location)'} not followed. ${text}`;
          finish(status, text);
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => finish(null, `Not delivered: ${error.message}`));
    request.end(body);
  });
}
