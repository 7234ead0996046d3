import type { SearchCampaignResult, SearchCharityResult } from '@pledgeway/domain/schemas/search';
import type { Database } from '../../db/client.ts';
import { PUBLIC_LIST_STATUSES } from '@pledgeway/domain';

/**
 * Turns what a visitor typed into a prefix tsquery: every word must match the start of a word
 * ("kitch bright" finds "Brightpot Community Kitchens"), plural or not. Only letters and digits survive, so
 * nothing typed can break the tsquery syntax.
 */
export function toPrefixQuery(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return undefined;
  return words.map((word) => `${pluralFreePrefix(word)}:*`).join(' & ');
}

/**
 * Drops an English plural ending so "kitchens" also finds "Kitchen" and "charities" finds
 * "Charity"; the prefix match still finds the plural. Short words and "-ss" words stay whole
 * ("bus", "class"). A light rule on purpose: the 'simple' configuration has no stemmer.
 */
function pluralFreePrefix(word: string): string {
  const stem = word.endsWith('ies')
    ? word.slice(0, -3)
    : word.endsWith('es')
      ? word.slice(0, -2)
      : word.endsWith('s') && !word.endsWith('ss')
        ? word.slice(0, -1)
        : word;
  return stem.length >= 3 ? stem : word;
}

// The 'simple' configuration keeps whole lowercased words, so prefixes match as the visitor types
// (an English stemmer would turn "commun" and "community" into different stems). It matches the
// `search_vector` columns of the search_vectors migration.
const QUERY = (param: string) => `to_tsquery('simple', ${param})`;

export async function searchCampaigns(database: Database, prefixQuery: string, limit: number): Promise<SearchCampaignResult[]> {
  const rows = await database.query<{
    id: string;
    name: string;
    kind: SearchCampaignResult['kind'];
    status: string;
    banner_image: string;
    host_full_name: string;
    event_date: string | Date | null;
  }>(
    `select id, name, kind, status, banner_image, host_full_name, event_date::text as event_date
       from events
      where status = any($2::text[]) and search_vector @@ ${QUERY('$1')}
      order by ts_rank(search_vector, ${QUERY('$1')}) desc, created_at desc
      limit $3`,
    [prefixQuery, [...PUBLIC_LIST_STATUSES], limit],
  );
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    kind: row.kind,
    status: row.status,
    banner_image_url: row.banner_image,
    host_name: row.host_full_name,
    event_date: row.event_date === null ? null : String(row.event_date),
  }));
}

export async function searchCharities(database: Database, prefixQuery: string, limit: number): Promise<SearchCharityResult[]> {
  const rows = await database.query<{ id: string; name: string; logo: string; link: string | null; group_title: string }>(
    `select c.id, c.name, c.logo, c.link, g.title as group_title
       from charities c join charity_groups g on g.id = c.group_id
      where c.search_vector @@ ${QUERY('$1')} and not c.hidden
      order by ts_rank(c.search_vector, ${QUERY('$1')}) desc, c.name
      limit $2`,
    [prefixQuery, limit],
  );
  return rows.map((row) => ({ _id: row.id, name: row.name, logo: row.logo, link: row.link, group: row.group_title }));
}
