import type { FastifyPluginAsync } from 'fastify';
import type { MetaResolver, PageMeta } from '../../lib/spa.ts';
import { sitemapXml } from './service.ts';

/**
 * /sitemap.xml and /robots.txt at the site root (not under /api); app.ts registers this plugin
 * once. Campaign pages listed are the live ones, as in the public lists.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const base = app.ctx.config.publicUrl;

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return sitemapXml(app.ctx.db, base);
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
