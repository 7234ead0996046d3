import { queryOptions, useQuery } from '@tanstack/react-query';
import { ManagedPromotionsResponse } from '@pledgeway/domain/schemas/promotions';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/{id}/promotions/manage: every request to promote the campaign, for its host. */
export function getManagedPromotions(eventId: string, signal?: AbortSignal): Promise<ManagedPromotionsResponse> {
  return api.get(ManagedPromotionsResponse, `/events/${eventId}/promotions/manage`, signal);
}

export const managedPromotionsQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.events.managedPromotions(eventId), queryFn: ({ signal }) => getManagedPromotions(eventId, signal) });

export function useManagedPromotions(eventId: string) {
  return useQuery(managedPromotionsQueryOptions(eventId));
}
