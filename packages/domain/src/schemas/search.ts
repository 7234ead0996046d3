import { z } from 'zod';
import { EventKind } from './event-response.ts';

export const SEARCH_MAX_RESULTS = 8;
export const SEARCH_MAX_QUERY_LENGTH = 100;

export const SearchQuery = z.object({
  q: z.string().trim().max(SEARCH_MAX_QUERY_LENGTH, `Search text cannot exceed ${SEARCH_MAX_QUERY_LENGTH} characters`).default(''),
});

export const SearchCampaignResult = z.object({
  _id: z.string(),
  name: z.string(),
  kind: EventKind,
  status: z.string(),
  banner_image_url: z.string(),
  host_name: z.string(),
  event_date: z.string().nullable(),
});
export type SearchCampaignResult = z.infer<typeof SearchCampaignResult>;

export const SearchCharityResult = z.object({
  _id: z.string(),
  name: z.string(),
  logo: z.string(),
  link: z.string().nullable(),
  group: z.string(),
});
export type SearchCharityResult = z.infer<typeof SearchCharityResult>;

export const SearchResponse = z.object({
  query: z.string(),
  campaigns: z.array(SearchCampaignResult),
  charities: z.array(SearchCharityResult),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
