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

/** A site's origin: scheme, host and optional port, nothing more. Returned in the browser's form (`new URL(...).origin`). */
export const EmbedOrigin = z
  .string()
  .trim()
  .max(200, EMBED_MESSAGES.originFormat)
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: EMBED_MESSAGES.originFormat });
      return z.NEVER;
    }
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    const schemeAllowed = url.protocol === 'https:' || (url.protocol === 'http:' && local);
    const bare = url.username === '' && url.password === '' && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
    if (!schemeAllowed || !bare || value.replace(/\/$/, '') !== url.origin) {
      ctx.addIssue({ code: 'custom', message: EMBED_MESSAGES.originFormat });
      return z.NEVER;
    }
    return url.origin;
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
