import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ReadCache } from './read-cache.ts';
import { SerialisedBody } from './send-json.ts';
import { isServerRendered, modulePreloader, type PageRenderer } from './ssr.ts';

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  type?: 'website' | 'article';
}

/** Resolves the link-preview tags of one path, or undefined when it is not that resolver's page. */
export type MetaResolver = (pathname: string, app: FastifyInstance) => Promise<PageMeta | undefined>;

const DEFAULT_META: PageMeta = {
  title: 'Pledgeway — pledge to causes, charged only when the event happens',
  description:
    'Create event campaigns, money bombs, runoff competitions and crowdfunding for charity. Supporters pledge now and are charged only when the event is completed.',
  image: '/images/hero-1.svg',
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export function renderMetaTags(meta: PageMeta, url: string, publicUrl: string): string {
  const image = meta.image ? (meta.image.startsWith('http') ? meta.image : `${publicUrl}${meta.image}`) : undefined;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="Pledgeway">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
  ];
  if (image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(image)}">`, `<meta name="twitter:image" content="${escapeHtml(image)}">`);
  }
  return tags.join('\n    ');
}

/** What decides a page: its path, its query string (`?category=…`) and whether a session may exist. */
export interface PageRequest {
  pathname: string;
  search: string;
  sessionHint: boolean;
}

interface Template {
  /** Up to the head marker. */
  start: string;
  /** From the head marker to `</head>`. */
  head: string;
  /** From `</head>` to the root's content (to the end without a renderer). */
  bodyStart: string;
  /** From the root's content to `</body>`. */
  body: string;
  /** `</body>` and after. */
  end: string;
}

/**
 * A page as sent, and whether it was rendered before this instance's last write: such a page's
 * browser fetches its data again once it has hydrated (the `stale` Server-Timing entry).
 */
export interface ServedPage {
  body: SerialisedBody;
  stale: boolean;
}

/** Splits once at start: a page is then strings joined, whatever a campaign's name holds (`$&` stays literal). */
function splitTemplate(template: string): Template {
  const [start, afterMarker = ''] = template.split('<!--app-head-->', 2) as [string, string?];
  const headEnd = Math.max(0, afterMarker.indexOf('</head>'));
  const [head, afterHead] = [afterMarker.slice(0, headEnd), afterMarker.slice(headEnd)];
  const htmlAt = afterHead.indexOf('<!--app-html-->');
  if (htmlAt < 0) return { start, head, bodyStart: afterHead, body: '', end: '' };
  const rest = afterHead.slice(htmlAt + '<!--app-html-->'.length);
  const bodyEnd = rest.lastIndexOf('</body>');
  return { start, head, bodyStart: afterHead.slice(0, htmlAt), body: rest.slice(0, bodyEnd), end: rest.slice(bodyEnd) };
}

/**
 * Serves the web app's pages for every non-API path: link-preview tags filled in, and the public
 * pages rendered on the server by `renderPage` with their data (docs/decisions/071). A rendered
 * page is kept for 1 s per path, query string and session hint (rendered again in the background
 * during its last 300 ms while requested, and after a write of this instance: decisions 062 and
 * 105), and sent as stored bytes; a page that renders to the same bytes keeps its stored body, ETag
 * and compressed forms. When rendering fails the page is the shell the browser renders, and the
 * error is logged.
 */
export async function registerSpaFallback(app: FastifyInstance, webDistDir: string, resolvers: MetaResolver[], renderer?: PageRenderer) {
  const template = splitTemplate(await readFile(path.join(webDistDir, 'index.html'), 'utf8'));
  if (renderer && !template.end) app.log.warn('index.html has no <!--app-html--> marker: pages are rendered in the browser');
  const render = template.end ? renderer?.render : undefined;
  const defaultHeads = new Map<string, string>();
  // The last page sent for each key, with its ETag and compressed forms: a page that did not change
  // is sent again as stored bytes. At most 500 keys, the oldest dropped first.
  const pages = new Map<string, SerialisedBody>();
  // A busy page is rendered again in the background before it expires, so no visitor waits for a
  // render under steady traffic. A render (a campaign page: several passes and API reads) takes
  // longer than a read, hence a wider window than the public reads' 100 ms.
  // After a write, a page is rendered again once it is 250 ms old (decision 105): rendering back to
  // back during a money bomb would take the event loop from the pledges.
  const rendered = new ReadCache<SerialisedBody>({ ttlMs: 1000, maxEntries: 500, refreshAheadMs: 300, staleReloadAfterMs: 250 });
  const preloads = await modulePreloader(webDistDir);
  // A write marks the rendered pages stale rather than dropping them (decision 105): under a stream
  // of pledges a page is rendered again at most once at a time and visitors get the last one
  // meanwhile, never more than 1 s old; the page's live stream brings its totals up to date.
  app.ctx.publicReads.onChange(() => rendered.markStale());

  async function headFor(pathname: string): Promise<string> {
    let meta: PageMeta | undefined;
    for (const resolve of resolvers) {
      meta = await resolve(pathname, app).catch(() => undefined);
      if (meta) break;
    }
    const url = `${app.ctx.config.publicUrl}${pathname}`;
    if (meta) return renderMetaTags(meta, url, app.ctx.config.publicUrl);
    const head = defaultHeads.get(pathname) ?? renderMetaTags(DEFAULT_META, url, app.ctx.config.publicUrl);
    if (defaultHeads.size < 200) defaultHeads.set(pathname, head);
    return head;
  }

  function stored(key: string, page: Buffer): SerialisedBody {
    const known = pages.get(key);
    if (known?.raw.equals(page)) return known;
    const body = new SerialisedBody(page, 'text/html; charset=utf-8');
    if (!known && pages.size >= 500) pages.delete(pages.keys().next().value!);
    pages.set(key, body);
    return body;
  }

  /**
   * The shell: the page the browser renders (no renderer, a user-area path, or a failed render). A
   * signed-in page's chunks follow the entry's script and stylesheet, as a rendered page's do.
   */
  const shell = (head: string, pathname: string) => {
    const pageChunks = renderer ? preloads(renderer.signedInPageModulesOf(pathname), 'auto') : '';
    return template.start + head + template.head + (pageChunks && `  ${pageChunks}\n  `) + template.bodyStart + template.body + template.end;
  };

  async function serverRendered(request: PageRequest, key: string): Promise<SerialisedBody> {
    const head = await headFor(request.pathname);
    const url = request.pathname + request.search;
    try {
      const page = await render!({ url, sessionHint: request.sessionHint, origin: app.ctx.config.publicUrl, now: app.ctx.clock.now().getTime() });
      const state = `<script type="application/json" id="pledgeway-state">${page.state}</script>\n  `;
      // The page's chunks after the entry's script and stylesheet, which come first.
      const pageChunks = `  ${preloads(page.modules)}\n  `;
      const html = [template.start, head, '\n    ', page.head, template.head, pageChunks, template.bodyStart, page.html, template.body, state, template.end];
      return stored(key, Buffer.from(html.join('')));
    } catch (error) {
      app.log.error({ err: error, url }, 'Server rendering failed: the page is sent to be rendered in the browser');
      return stored(key, Buffer.from(shell(head, request.pathname)));
    }
  }

  return async (request: PageRequest): Promise<ServedPage> => {
    if (render && isServerRendered(request.pathname)) {
      const key = `${request.sessionHint ? 'session' : 'visitor'} ${request.pathname}${request.search}`;
      const { value, stale } = await rendered.getServed(key, () => serverRendered(request, key));
      return { body: value, stale };
    }
    return { body: stored(request.pathname, Buffer.from(shell(await headFor(request.pathname), request.pathname))), stale: false };
  };
}
