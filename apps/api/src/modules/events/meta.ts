import type { MetaResolver } from '../../lib/spa.ts';
import { isPubliclyVisible } from '../event-reads/index.ts';

const EVENT_PATH = /^\/events\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** Link previews of /events/{id}: title, description and banner, for published campaigns only. */
export const eventPageMeta: MetaResolver = async (pathname, app) => {
  const match = EVENT_PATH.exec(pathname);
  if (!match) return undefined;
  const cached = await app.ctx.publicReads.event(match[1]!);
  if (!cached || !isPubliclyVisible(cached.status)) return undefined;
  const description = cached.description.length > 200 ? `${cached.description.slice(0, 197)}…` : cached.description;
  return {
    title: `${cached.name} — Pledgeway`,
    description,
    image: cached.bannerImage || undefined,
    type: 'article',
  };
};
