/**
 * Server rendering of the public pages (docs/decisions/071): built by `vite build --ssr` into
 * apps/web/dist-ssr and called by the API's page fallback (apps/api/src/lib/ssr.ts). A page is
 * rendered with React's static prerender, which waits for lazy pages and Suspense, from the data
 * its queries ask for, fetched through the API inside the server process; the queries go into the
 * page as dehydrated state, so the browser hydrates from the same data.
 */
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dehydrate, skipToken, type Query, type QueryClient } from '@tanstack/react-query';
import { pageModuleOf } from '@/app/page-modules';

export { signedInPageModulesOf } from '@/app/page-modules';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { serializeSsrState } from '@/app/ssr-state';
import { setApiTransport } from '@/lib/api-client';
import type { RenderSnapshot } from '@/lib/hydration';
import { createQueryClient } from '@/lib/query-client';

export interface RenderRequest {
  /** The page's path with its query string, e.g. `/events?category=Culture`. */
  url: string;
  /** Whether the request carried the `has_session` cookie. */
  sessionHint: boolean;
  /** The site's public address, for absolute links. */
  origin: string;
  /** The server's clock, ms since the epoch. */
  now: number;
}

export interface RenderedPage {
  /** For `<head>`: the preload hints React made for the page's images (the first screen's image first). */
  head: string;
  /** The markup inside `<div id="root">`. */
  html: string;
  /** The text of the `pledgeway-state` script element, already safe inside it. */
  state: string;
  /** The page's own module (as the build manifest names it), whose chunks the server preloads. */
  modules: string[];
}

/** Enough for a page, its data, and data its data leads to (the event page needs three). */
const MAX_PASSES = 4;
const RENDER_TIMEOUT_MS = 10_000;
const MINUTE_MS = 60_000;

function page(url: string, queryClient: QueryClient, snapshot: RenderSnapshot): ReactNode {
  return (
    <StrictMode>
      <StaticRouter location={url}>
        <AppProviders queryClient={queryClient} snapshot={snapshot}>
          <AppRoutes />
        </AppProviders>
      </StaticRouter>
    </StrictMode>
  );
}

/** The whole page as HTML once every lazy page and Suspense boundary has resolved; throws on any render error. */
async function prerender(node: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(node, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    onError: (error) => void errors.push(error),
    // Every boundary in place: React would otherwise move large ones to the end of the document
    // and put them back with inline scripts, which the content security policy forbids.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  // A boundary that failed on the server would be rendered again in the browser, with an error in
  // its console: the caller sends the client-rendered page instead.
  if (errors.length) throw errors[0];
  return html + decoder.decode();
}

/** A query a component rendered and wants data for: enabled, with a query function, never tried in this render. */
function wantsData(query: Query): boolean {
  const { enabled, queryFn } = query.options as { enabled?: boolean | ((query: Query) => boolean); queryFn?: unknown };
  const isEnabled = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return isEnabled && Boolean(queryFn) && queryFn !== skipToken && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
}

/**
 * Renders until no rendered query is left without data: each pass finds the queries the page
 * asked for (useQuery registers them without fetching on the server), fetches them, and renders
 * again. A query that fails is removed and not tried again, so the page shows its loading state,
 * exactly what the browser renders first before it asks itself.
 */
async function renderWithData(url: string, queryClient: QueryClient, snapshot: RenderSnapshot): Promise<string> {
  const cache = queryClient.getQueryCache();
  const tried = new Set<string>();
  for (let pass = 1; ; pass += 1) {
    const html = await prerender(page(url, queryClient, snapshot));
    const wanted = cache.getAll().filter((query) => wantsData(query) && !tried.has(query.queryHash));
    if (!wanted.length || pass === MAX_PASSES) return html;
    for (const query of wanted) tried.add(query.queryHash);
    await Promise.all(wanted.map((query) => queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey })));
    for (const failed of cache.findAll({ predicate: (query) => query.state.status === 'error' })) cache.remove(failed);
  }
}

/**
 * The renderer, given how to reach the API: `fetchApi` answers a GET of `/api/…` as the API would
 * answer a visitor. Every page is rendered for a visitor: what a signed-in user sees differently
 * is fetched again by the browser (main.tsx).
 */
export function createPageRenderer(fetchApi: typeof fetch): (request: RenderRequest) => Promise<RenderedPage> {
  setApiTransport(fetchApi);
  return async (request) => {
    // Whole minutes: a page rendered again within the minute from unchanged data is byte for byte
    // the same page, so its ETag holds (apps/api/src/lib/ssr.ts).
    const now = Math.floor(request.now / MINUTE_MS) * MINUTE_MS;
    const snapshot: RenderSnapshot = { now, sessionHint: request.sessionHint, origin: request.origin };
    const queryClient = createQueryClient({ retry: false });
    const html = await renderWithData(request.url, queryClient, snapshot);
    const queries = dehydrate(queryClient);
    for (const query of queries.queries) {
      query.state.dataUpdatedAt = now;
      query.dehydratedAt = now;
    }
    queryClient.clear();
    const module = pageModuleOf(new URL(request.url, 'http://page').pathname);
    // React puts its resource hints first; in the head they are found before the scripts, so the
    // largest image of the first screen is not queued behind them.
    const hints = /^(?:<link [^>]*>)*/.exec(html)![0];
    return { head: hints, html: html.slice(hints.length), state: serializeSsrState({ snapshot, queries }), modules: module ? [module] : [] };
  };
}
