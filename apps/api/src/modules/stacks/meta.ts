import type { MetaResolver } from '../../lib/spa.ts';
import { createStacksService } from './service.ts';

const STACK_PATH = /^\/stacks\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** Link previews of /stacks/{id}: its title, description (or what it adds up) and its first campaign's banner. */
export const stackPageMeta: MetaResolver = async (pathname, app) => {
  const match = STACK_PATH.exec(pathname);
  if (!match) return undefined;
  // A stack that 404s has no preview: the resolver's caller falls back to the site's defaults.
  const page = await createStacksService(app.ctx).page(match[1]!);
  const summary = `${page.totals.campaigns} campaigns by ${page.owner.name}, one combined total.`;
  const text = page.description || summary;
  return {
    title: `${page.title} — Pledgeway`,
    description: text.length > 200 ? `${text.slice(0, 197)}…` : text,
    image: page.campaigns.find((event) => event.banner_image_url)?.banner_image_url || undefined,
    type: 'article',
  };
};
