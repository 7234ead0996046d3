import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyFundraisingPagesResponse } from '@pledgeway/domain/schemas/fundraising-pages';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { queryKeys } from '@/lib/query-keys';

/** GET /fundraising-pages/mine: the signed-in owner's pages with their supporters. */
export function getMyFundraisingPages(signal?: AbortSignal) {
  return api
    .get<unknown>('/fundraising-pages/mine', signal)
    .then((body) => parseResponse(MyFundraisingPagesResponse, body, 'your fundraising pages').data.pages);
}

export const myFundraisingPagesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.fundraisingPages.mine, queryFn: ({ signal }) => getMyFundraisingPages(signal) });

export function useMyFundraisingPages() {
  return useQuery(myFundraisingPagesQueryOptions());
}
