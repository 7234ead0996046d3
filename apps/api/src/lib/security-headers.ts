import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** No page of the app uses these browser features; nothing embedded may ask for them either. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()';

/**
 * The security headers every response carries, computed once at start-up by running helmet's own
 * middleware against a recording response. Our policy has no per-request part (no nonces), so the
 * headers are the same for every request; building them per request (as helmet's Fastify plugin
 * does: it re-creates the middleware and re-parses the policy each time) cost the hot public reads
 * a large share of their time (docs/performance.md).
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return Object.freeze(headers);
}
