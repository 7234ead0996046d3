import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyFundraisingPagesResponse } from '@pledgeway/domain/schemas/fundraising-pages';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /fundraising-pages/mine: the signed-in owner's pages with their supporters. */
export function getMyFundraisingPages(signal?: AbortSignal) {
  return api.get(MyFundraisingPagesResponse, '/fundraising-pages/mine', signal, { what: 'your fundraising pages' }).then((body) => body.data.pages);
}

export const myFundraisingPagesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.fundraisingPages.mine, queryFn: ({ signal }) => getMyFundraisingPages(signal) });

export function useMyFundraisingPages() {
  return useQuery(myFundraisingPagesQueryOptions());
}
