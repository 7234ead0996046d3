import { queryOptions, useQuery } from '@tanstack/react-query';
import { FundraisingPageResponse } from '@pledgeway/domain/schemas/fundraising-pages';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /fundraising-pages/{page}: a page by its link (a hidden page answers 404 saying it was hidden). */
export function getFundraisingPage(slug: string, signal?: AbortSignal) {
  return api.get(FundraisingPageResponse, `/fundraising-pages/${encodeURIComponent(slug)}`, signal, { what: 'the fundraising page' }).then((body) => body.data);
}

export const fundraisingPageQueryOptions = (slug: string) =>
  queryOptions({ queryKey: queryKeys.fundraisingPages.detail(slug), queryFn: ({ signal }) => getFundraisingPage(slug, signal), retry: false });

export function useFundraisingPage(slug: string) {
  return useQuery(fundraisingPageQueryOptions(slug));
}
