import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PromotionActionResponse } from '@pledgeway/domain/schemas/promotions';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type PromotionAnswer = 'accept' | 'decline' | 'end';

/** POST /promotions/{id}/accept | decline | end: the host's answer. */
export function answerPromotion(promotionId: string, answer: PromotionAnswer): Promise<PromotionActionResponse> {
  return api.post(PromotionActionResponse, `/promotions/${promotionId}/${answer}`);
}

export function useAnswerPromotion(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ promotionId, answer }: { promotionId: string; answer: PromotionAnswer }) => answerPromotion(promotionId, answer),
    // The host's list and the public "Promoted by" (both under the campaign's promotions key).
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.events.promotions(eventId) }),
  });
}
