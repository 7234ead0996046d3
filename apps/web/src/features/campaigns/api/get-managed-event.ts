import { queryOptions, useQuery } from '@tanstack/react-query';
import { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The campaign for its creator or an admin, with the status changes this user may make. */
export function getManagedEvent(id: string, signal?: AbortSignal): Promise<ManageEventResponse> {
  return api.get(ManageEventResponse, `/events/${id}/manage`, signal);
}

export const managedEventQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.events.manage(id), queryFn: ({ signal }) => getManagedEvent(id, signal) });

export function useManagedEvent(id: string) {
  return useQuery(managedEventQueryOptions(id));
}
