import type { MetaResolver } from '../../lib/spa.ts';
import { isPubliclyVisible, loadEventDetail } from './read-model.ts';

const EVENT_PATH = /^\/events\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** Link previews of /events/{id}: title, description and banner, for published campaigns only. */
export const eventPageMeta: MetaResolver = async (pathname, app) => {
  const match = EVENT_PATH.exec(pathname);
  if (!match) return undefined;
  const loaded = await loadEventDetail(app.ctx.db, match[1]!);
  if (!loaded || !isPubliclyVisible(loaded.row.status)) return undefined;
  const description = loaded.row.description.length > 200 ? `${loaded.row.description.slice(0, 197)}…` : loaded.row.description;
  return {
    title: `${loaded.row.name} — Pledgeway`,
    description,
    image: loaded.row.bannerImage || undefined,
    type: 'article',
  };
};
