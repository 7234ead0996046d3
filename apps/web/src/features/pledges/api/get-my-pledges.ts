import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLEDGE_MESSAGES, type MyPledgesResponse } from '@pledgeway/domain/schemas/my-pledges';
import { api } from '@/lib/api-client';

export const myPledgesKey = ['my-pledges'] as const;

/** GET /events/pledges; an answer without success is "Failed to fetch pledges" (SPEC.md section 8). */
export async function getMyPledges(signal?: AbortSignal): Promise<MyPledgesResponse['data']> {
  const response = await api.get<MyPledgesResponse>('/events/pledges', signal);
  if (!response?.success) throw new Error(PLEDGE_MESSAGES.fetchFailed);
  return response.data;
}

export const myPledgesQuery = () => queryOptions({ queryKey: myPledgesKey, queryFn: ({ signal }) => getMyPledges(signal) });

export function useMyPledges() {
  return useQuery(myPledgesQuery());
}
