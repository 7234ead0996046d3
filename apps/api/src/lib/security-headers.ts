import { createHash } from 'node:crypto';
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

/**
 * The content security policy's sources for the inline scripts of the web app's page template
 * (index.html: the one that holds a press on a button before the app has hydrated it, decision
 * 120), as `'sha256-…'` of each script's exact text: those run, and no other inline script does.
 * Only plain `<script>` elements execute; the page's state is a JSON data block, which never runs.
 */
export function inlineScriptSources(template: string): string[] {
  return [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
}
