import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SerialisedBody } from './send-json.ts';

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

/** Serves the single-page app's index.html for every non-API path, with link-preview tags filled in. */
export async function registerSpaFallback(app: FastifyInstance, webDistDir: string, resolvers: MetaResolver[]) {
  const template = await readFile(path.join(webDistDir, 'index.html'), 'utf8');
  // Split once at start: a page is then three strings joined, whatever a campaign's name holds.
  const [before, after = ''] = template.split('<!--app-head-->', 2) as [string, string?];
  const defaultHeads = new Map<string, string>();
  // The last page sent for each path, with its ETag and compressed forms: a page whose campaign did
  // not change is sent again as stored bytes. At most 500 paths, the oldest dropped first.
  const pages = new Map<string, SerialisedBody>();
  const html = 'text/html; charset=utf-8';
  return async (pathname: string): Promise<SerialisedBody> => {
    let meta: PageMeta | undefined;
    for (const resolve of resolvers) {
      meta = await resolve(pathname, app).catch(() => undefined);
      if (meta) break;
    }
    const url = `${app.ctx.config.publicUrl}${pathname}`;
    let head: string;
    if (meta) {
      head = renderMetaTags(meta, url, app.ctx.config.publicUrl);
    } else {
      head = defaultHeads.get(pathname) ?? renderMetaTags(DEFAULT_META, url, app.ctx.config.publicUrl);
      if (defaultHeads.size < 200) defaultHeads.set(pathname, head);
    }
    // Joined, never String.replace: `$&`, `$'` and the like in a campaign's name stay literal text.
    const page = Buffer.from(before + head + after);
    const known = pages.get(pathname);
    if (known?.raw.equals(page)) return known;
    const body = new SerialisedBody(page, html);
    if (!known && pages.size >= 500) pages.delete(pages.keys().next().value!);
    pages.set(pathname, body);
    return body;
  };
}
