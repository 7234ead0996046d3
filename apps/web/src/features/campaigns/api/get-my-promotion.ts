import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyPromotionResponse } from '@pledgeway/domain/schemas/promotions';
import { api, publicSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /events/{id}/promotions/mine: the signed-in user's own request to promote this campaign, if any. */
export function getMyPromotion(eventId: string, signal?: AbortSignal): Promise<MyPromotionResponse> {
  return api.get(publicSchema('MyPromotionResponse'), `/events/${eventId}/promotions/mine`, signal);
}

export const myPromotionQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.events.myPromotion(eventId), queryFn: ({ signal }) => getMyPromotion(eventId, signal) });

export function useMyPromotion(eventId: string, enabled: boolean) {
  return useQuery({ ...myPromotionQueryOptions(eventId), enabled });
}
