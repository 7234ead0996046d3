import type { FastifyPluginAsync } from 'fastify';
import { desc, inArray } from 'drizzle-orm';
import { events } from '../../db/schema.ts';
import type { MetaResolver, PageMeta } from '../../lib/spa.ts';
import { PUBLIC_LIST_STATUSES } from '../catalog/repository.ts';

/** Public pages a search engine should know, with how often they change. */
const STATIC_PAGES: Array<{ path: string; changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly'; priority: string }> = [
  { path: '/', changefreq: 'daily', priority: '1.0' },
  { path: '/events', changefreq: 'daily', priority: '0.9' },
  { path: '/events/promotions', changefreq: 'daily', priority: '0.8' },
  { path: '/events/money-bomb', changefreq: 'daily', priority: '0.8' },
  { path: '/events/competitions', changefreq: 'daily', priority: '0.8' },
  { path: '/events/crowdfunding', changefreq: 'daily', priority: '0.8' },
  { path: '/charities', changefreq: 'weekly', priority: '0.8' },
  { path: '/our-story', changefreq: 'monthly', priority: '0.6' },
  { path: '/services', changefreq: 'monthly', priority: '0.7' },
  { path: '/support', changefreq: 'monthly', priority: '0.6' },
  { path: '/contact', changefreq: 'yearly', priority: '0.5' },
  { path: '/terms-of-use', changefreq: 'yearly', priority: '0.3' },
  { path: '/privacy-policy', changefreq: 'yearly', priority: '0.3' },
  { path: '/cookie-policy', changefreq: 'yearly', priority: '0.3' },
  { path: '/accessibility', changefreq: 'yearly', priority: '0.3' },
  { path: '/do-not-sell', changefreq: 'yearly', priority: '0.3' },
];

const SITEMAP_CAMPAIGN_LIMIT = 5000;

const xmlEscape = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/**
 * /sitemap.xml and /robots.txt at the site root (not under /api); app.ts registers this plugin
 * once. Campaign pages listed are the live ones, as in the public lists.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const base = app.ctx.config.publicUrl;

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await app.ctx.db
      .select({ id: events.id, updatedAt: events.updatedAt })
      .from(events)
      .where(inArray(events.status, [...PUBLIC_LIST_STATUSES]))
      .orderBy(desc(events.updatedAt))
      .limit(SITEMAP_CAMPAIGN_LIMIT);
    const urls = [
      ...STATIC_PAGES.map(
        (page) => `  <url><loc>${xmlEscape(base + page.path)}</loc><changefreq>${page.changefreq}</changefreq><priority>${page.priority}</priority></url>`,
      ),
      ...rows.map(
        (row) =>
          `  <url><loc>${xmlEscape(`${base}/events/${row.id}`)}</loc><lastmod>${row.updatedAt.toISOString().slice(0, 10)}</lastmod><changefreq>daily</changefreq><priority>0.7</priority></url>`,
      ),
    ];
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400');
    return [
      'User-agent: *',
      'Allow: /',
      // Signed-in, admin and API paths have nothing for a search engine.
      'Disallow: /user/',
      'Disallow: /admin/',
      'Disallow: /api/',
      'Disallow: /site/',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
  });
};

const LIST_META: Record<string, PageMeta> = {
  '/': {
    title: 'Pledgeway — pledge to causes, charged only when the event happens',
    description:
      'Create event campaigns, money bombs, runoff competitions and crowdfunding for charity. Supporters pledge now and are charged only when the event is completed.',
    image: '/images/hero-1.svg',
  },
  '/events': {
    title: 'Campaigns — Pledgeway',
    description:
      'Browse live fundraising campaigns: event promotions, money bombs, runoff competitions and crowdfunding for charities across the United States.',
    image: '/images/banner-campaigns.svg',
  },
  '/events/promotions': {
    title: 'Event Promotions — Pledgeway',
    description: 'Pledge to an event that raises money for charity. Your pledge is charged only if the event actually takes place.',
    image: '/images/banner-campaigns.svg',
  },
  '/events/money-bomb': {
    title: 'Money Bomb campaigns — Pledgeway',
    description: 'Short, focused fundraising pushes with a firm deadline. Donations are charged when the clock runs out.',
    image: '/images/banner-campaigns.svg',
  },
  '/events/competitions': {
    title: 'Runoff Competitions — Pledgeway',
    description: 'Two or more contenders, one donation button each. The one with the most support wins, and every dollar goes to charity.',
    image: '/images/banner-campaigns.svg',
  },
  '/events/crowdfunding': {
    title: 'Crowdfunding campaigns — Pledgeway',
    description: 'Crowdfunding for causes with a deadline, all-or-nothing or keep-what-you-raise.',
    image: '/images/banner-campaigns.svg',
  },
  '/charities': {
    title: 'Charities — Pledgeway',
    description: 'Charities giving aid to citizens of the United States: food security, child protection and support for veterans.',
    image: '/images/banner-charities.svg',
  },
  '/our-story': {
    title: 'Our Story — Pledgeway',
    description: 'Why we built a platform where pledges are charged only when the promise is kept.',
    image: '/images/hero-2.svg',
  },
  '/services': {
    title: 'Services — Pledgeway',
    description: 'Campaign kinds, promotional powers, pricing and payment methods on Pledgeway.',
    image: '/images/hero-3.svg',
  },
  '/contact': {
    title: 'Contact Us — Pledgeway',
    description: 'Questions about a campaign or your account? Write to the Pledgeway team.',
    image: '/images/banner-contact.svg',
  },
  '/support': {
    title: 'Help & Support — Pledgeway',
    description: 'Answers about pledges, charging, fees, tips, refunds and campaign kinds.',
    image: '/images/banner-legal.svg',
  },
};

/** Link previews for home, the campaign lists, charities and the information pages. */
export const publicPageMeta: MetaResolver = async (pathname) => LIST_META[pathname.replace(/\/+$/, '') || '/'];
