import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyEventsResponse } from '@pledgeway/domain/schemas/my-events';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** The signed-in user's campaigns, read by My Events and the dashboard. */
export async function getMyEvents(userId: string, signal?: AbortSignal): Promise<MyEventsResponse['data']> {
  const response = await api.get(MyEventsResponse, `/events?userId=${encodeURIComponent(userId)}`, signal);
  return response.data;
}

export const myEventsQuery = (userId: string) =>
  // No automatic retries: a failure shows its message (and Demo Mode) at once, with a Retry button.
  queryOptions({ queryKey: queryKeys.myEvents.of(userId), queryFn: ({ signal }) => getMyEvents(userId, signal), retry: false });

export function useMyEvents(userId: string | undefined) {
  return useQuery({ ...myEventsQuery(userId ?? ''), enabled: Boolean(userId) });
}
