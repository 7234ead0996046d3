import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLEDGE_MESSAGES } from '@pledgeway/domain/pledge-messages';
import type { MyPledgesResponse } from '@pledgeway/domain/schemas/my-pledges';
import { api, publicSchema } from './api-client';
import { queryKeys } from './query-keys';

/** GET /events/pledges, read by My Pledges and the dashboard; an answer without success is "Failed to fetch pledges" (docs/product.md#8-messages). */
export async function getMyPledges(signal?: AbortSignal): Promise<MyPledgesResponse['data']> {
  const response = await api.get(publicSchema('MyPledgesResponse'), '/events/pledges', signal);
  if (!response?.success) throw new Error(PLEDGE_MESSAGES.fetchFailed);
  return response.data;
}

export const myPledgesQuery = () => queryOptions({ queryKey: queryKeys.myPledges, queryFn: ({ signal }) => getMyPledges(signal) });

export function useMyPledges() {
  return useQuery(myPledgesQuery());
}
