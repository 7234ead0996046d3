/**
 * Constants of the public campaign lists, free of zod so the web app's list pages can use them
 * without pulling in the schema library (schemas/public.ts builds the query schema from these).
 */
export const CAMPAIGN_LIST_DEFAULT_LIMIT = 9;
export const CAMPAIGN_LIST_MAX_LIMIT = 48;
export const CAMPAIGN_SORTS = ['newest', 'ending_soon', 'most_raised'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

export const CAMPAIGN_SORT_LABELS: Record<CampaignSort, string> = {
  newest: 'Newest',
  ending_soon: 'Ending soon',
  most_raised: 'Most raised',
};

/**
 * Which part of the schedule a list shows: `open` campaigns take pledges now, `upcoming` ones
 * start later (the "Starting soon" section); without it a list shows both.
 */
export const CAMPAIGN_PHASES = ['open', 'upcoming'] as const;
export type CampaignPhase = (typeof CAMPAIGN_PHASES)[number];

/** Header carrying the offset of the next page; absent on the last page. The body stays the plain array of docs/product.md#7-api-calls. */
export const NEXT_OFFSET_HEADER = 'x-next-offset';

/** A campaign's supporters list: newest first, this many a page (the API's page, the web app's, and a live message's newest). */
export const SUPPORTERS_PAGE_SIZE = 20;
