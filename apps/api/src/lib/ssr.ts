import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * The server renderer of the web app's public pages (apps/web/src/entry-server.tsx, built into
 * apps/web/dist-ssr; docs/decisions/071-server-rendered-public-pages.md). These types are the
 * contract with that bundle.
 */
export interface RenderRequest {
  /** Path and query string. */
  url: string;
  sessionHint: boolean;
  origin: string;
  now: number;
}

export interface RenderedPage {
  /** Tags for `<head>` (React's preload hints). */
  head: string;
  /** The markup inside `<div id="root">`. */
  html: string;
  /** The text of the `pledgeway-state` script element, already escaped for it. */
  state: string;
  /** Source modules of the page (build manifest keys) whose chunks the page needs first. */
  modules: string[];
}

export type RenderPage = (request: RenderRequest) => Promise<RenderedPage>;

export interface PageRendererModule {
  createPageRenderer(fetchApi: typeof fetch): RenderPage;
  /** The modules a page that only the browser renders (the signed-in area) needs first. */
  signedInPageModulesOf?(pathname: string): string[];
}

/** What the page fallback gets from the renderer module. */
export interface PageRenderer {
  render: RenderPage;
  signedInPageModulesOf(pathname: string): string[];
}

/** Loads the renderer module; undefined when there is none (pages are then rendered in the browser). */
export type LoadPageRenderer = () => Promise<PageRendererModule | undefined>;

/** The built renderer at `entry`, or undefined when the build has none. */
export function loadBuiltRenderer(entry: string): LoadPageRenderer {
  return async () => (existsSync(entry) ? ((await import(pathToFileURL(entry).href)) as PageRendererModule) : undefined);
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * How the renderer reads the API: a GET answered inside this process by the API's own routes
 * (`inject`: the same validation, services and cached read model a browser's request goes
 * through), with no credentials, so every page is rendered as a visitor sees it.
 */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') throw new Error(`Server rendering only reads the API; it asked for ${method} ${String(input)}`);
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const headers = new Headers();
    const contentType = answer.headers['content-type'];
    if (typeof contentType === 'string') headers.set('content-type', contentType);
    return new Response(NULL_BODY_STATUSES.has(answer.statusCode) ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * `<link rel="modulepreload">` tags for a page's chunks and the chunks they import, read from the
 * web build's manifest; the entry's own are already in index.html. The browser then downloads
 * them beside the entry chunk rather than after it has run.
 */
export async function modulePreloader(webDistDir: string): Promise<(modules: string[], priority?: 'low' | 'auto') => string> {
  const file = path.join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key]!.imports ?? [], into);
    }
    return into;
  };
  const entry = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  // Low priority for a server-rendered page: needed to hydrate, not to paint; the first screen's
  // image and fonts go first. A page the browser renders needs them to paint at all.
  return (modules, priority = 'low') =>
    [...closure(modules)]
      .filter((key) => !entry.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin${priority === 'low' ? ' fetchpriority="low"' : ''} href="/${manifest[key]!.file}">`)
      .join('\n    ');
}

/** The paths the server renders: every public page. The user area and the admin console stay client-rendered. */
export function isServerRendered(pathname: string): boolean {
  return !/^\/(user|admin)(\/|$)/.test(pathname);
}

/** Starts the renderer, or explains in the log why pages will be rendered in the browser. */
export async function startPageRenderer(app: FastifyInstance, load: LoadPageRenderer): Promise<PageRenderer | undefined> {
  try {
    const module = await load();
    if (!module) {
      app.log.warn('The web build has no server renderer (apps/web/dist-ssr): pages are rendered in the browser. Run `npm run build`.');
      return undefined;
    }
    return { render: module.createPageRenderer(inProcessFetch(app)), signedInPageModulesOf: module.signedInPageModulesOf ?? (() => []) };
  } catch (error) {
    app.log.error({ err: error }, 'The server renderer could not be loaded: pages are rendered in the browser');
    return undefined;
  }
}
