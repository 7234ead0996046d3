import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyEventsResponse } from '@pledgeway/domain/schemas/my-events';
import { api } from '@/lib/api-client';

export const myEventsKey = (userId: string) => ['my-events', userId] as const;

export async function getMyEvents(userId: string, signal?: AbortSignal): Promise<MyEventsResponse['data']> {
  const response = await api.get<MyEventsResponse>(`/events?userId=${encodeURIComponent(userId)}`, signal);
  return response.data;
}

export const myEventsQuery = (userId: string) =>
  // No automatic retries: a failure shows its message (and Demo Mode) at once, with a Retry button.
  queryOptions({ queryKey: myEventsKey(userId), queryFn: ({ signal }) => getMyEvents(userId, signal), retry: false });

export function useMyEvents(userId: string | undefined) {
  return useQuery({ ...myEventsQuery(userId ?? ''), enabled: Boolean(userId) });
}
