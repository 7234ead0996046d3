import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignPromotionsResponse } from '@pledgeway/domain/schemas/promotions';
import { api, publicSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/{id}/promotions: "Promoted by", with the counted pledges credited to each promoter. */
export function getPromotions(eventId: string, signal?: AbortSignal): Promise<CampaignPromotionsResponse> {
  return api.get(publicSchema('CampaignPromotionsResponse'), `/events/${eventId}/promotions`, signal);
}

export const promotionsQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.events.promotions(eventId), queryFn: ({ signal }) => getPromotions(eventId, signal) });

export function usePromotions(eventId: string) {
  return useQuery(promotionsQueryOptions(eventId));
}
