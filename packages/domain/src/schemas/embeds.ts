import { z } from 'zod';
import { okResponse } from './common.ts';

/**
 * Embeds and stream overlays (docs/decisions/111-embeds-and-overlays.md): `/embed/events/{id}` may
 * be framed only by the sites the campaign's host names; `/overlay/events/{id}` is for streaming
 * software, which opens it as a page of its own (no framing needed).
 */
export const EMBED_ORIGINS_MAX = 10;

export const EMBED_MESSAGES = {
  originFormat: 'Enter a site address such as https://www.example.org (https, or http only for localhost), without a path',
  tooMany: `Name at most ${EMBED_ORIGINS_MAX} sites`,
  saved: 'Saved. Only these sites may show the embed.',
} as const;

/** One DNS label: letters, digits and inner hyphens, at most 63 characters. */
const DNS_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** Scheme, host of DNS labels, optional port, an optional final slash: nothing else, in any case. */
const ORIGIN_SHAPE = new RegExp(`^(https?)://(${DNS_LABEL}(?:\\.${DNS_LABEL})*)(?::(\\d{1,5}))?/?$`, 'i');
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);
const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443 };

/**
 * A site allowed to frame the embed (decision 111), in the one form the CSP header is built from:
 * `https://host[:port]` lower-cased (origins are case-insensitive), `http` only for localhost, the
 * host made of DNS labels only, so no `;`, `,`, `*`, space or quote can add a directive, a second
 * policy or a wildcard. A default port is dropped. Null when the address is anything else.
 */
export function canonicalEmbedOrigin(value: string): string | null {
  const match = ORIGIN_SHAPE.exec(value.trim());
  if (!match) return null;
  const [, schemeText = '', hostText = '', portText] = match;
  const scheme = schemeText.toLowerCase();
  const host = hostText.toLowerCase();
  if (host.length > 253 || (scheme === 'http' && !LOCAL_HOSTS.has(host))) return null;
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && (port < 1 || port > 65_535)) return null;
  return port === undefined || port === DEFAULT_PORTS[scheme] ? `${scheme}://${host}` : `${scheme}://${host}:${port}`;
}

/** A site's origin: scheme, host and optional port, nothing more, returned in its canonical form. */
export const EmbedOrigin = z
  .string()
  .trim()
  .max(200, EMBED_MESSAGES.originFormat)
  .transform((value, ctx) => {
    const origin = canonicalEmbedOrigin(value);
    if (origin === null) {
      ctx.addIssue({ code: 'custom', message: EMBED_MESSAGES.originFormat });
      return z.NEVER;
    }
    return origin;
  });

/** PUT /api/events/{id}/embed-origins: the whole list, replacing the earlier one (empty: no site may embed). */
export const EmbedOriginsRequest = z.object({
  origins: z
    .array(EmbedOrigin)
    .max(EMBED_ORIGINS_MAX, EMBED_MESSAGES.tooMany)
    .transform((origins) => [...new Set(origins)]),
});
export type EmbedOriginsRequest = z.infer<typeof EmbedOriginsRequest>;
export type EmbedOriginsRequestInput = z.input<typeof EmbedOriginsRequest>;

export const EmbedOriginsResponse = okResponse(z.object({ origins: z.array(z.string()) }));
export type EmbedOriginsResponse = z.infer<typeof EmbedOriginsResponse>;
export const SaveEmbedOriginsResponse = z.object({ success: z.literal(true), message: z.string(), data: z.object({ origins: z.array(z.string()) }) });
export type SaveEmbedOriginsResponse = z.infer<typeof SaveEmbedOriginsResponse>;

export const embedPath = (eventId: string) => `/embed/events/${eventId}`;
export const overlayPath = (eventId: string) => `/overlay/events/${eventId}`;
