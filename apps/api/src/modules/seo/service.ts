import type { Executor } from '../../db/client.ts';
import { stackRecords } from '../stacks/index.ts';
import { seoRepository } from './repository.ts';

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
const SITEMAP_STACK_LIMIT = 1000;

const xmlEscape = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/** The sitemap: the public pages, then the live campaigns and the stack pages, newest change first. */
export async function sitemapXml(db: Executor, base: string): Promise<string> {
  const [campaigns, stacks] = await Promise.all([seoRepository.liveCampaigns(db, SITEMAP_CAMPAIGN_LIMIT), stackRecords.publicIds(db, SITEMAP_STACK_LIMIT)]);
  const urls = [
    ...STATIC_PAGES.map(
      (page) => `  <url><loc>${xmlEscape(base + page.path)}</loc><changefreq>${page.changefreq}</changefreq><priority>${page.priority}</priority></url>`,
    ),
    ...campaigns.map(
      (row) =>
        `  <url><loc>${xmlEscape(`${base}/events/${row.id}`)}</loc><lastmod>${row.updatedAt.toISOString().slice(0, 10)}</lastmod><changefreq>daily</changefreq><priority>0.7</priority></url>`,
    ),
    ...stacks.map(
      (row) =>
        `  <url><loc>${xmlEscape(`${base}/stacks/${row.id}`)}</loc><lastmod>${row.updatedAt.toISOString().slice(0, 10)}</lastmod><changefreq>daily</changefreq><priority>0.6</priority></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
