import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PromotionRequestInput, RequestPromotionResponse } from '@pledgeway/domain/schemas/promotions';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /events/{id}/promotions: ask the host for a promotion link. */
export function requestPromotion(eventId: string, body: PromotionRequestInput): Promise<RequestPromotionResponse> {
  return api.post(RequestPromotionResponse, `/events/${eventId}/promotions`, body);
}

export function useRequestPromotion(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionRequestInput) => requestPromotion(eventId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.events.myPromotion(eventId) }),
  });
}
