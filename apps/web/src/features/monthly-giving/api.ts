import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeMonthlyAmountRequest,
  ChangeMonthlyCardRequest,
  MonthlyGiftResponse,
  MonthlyGiftsResponse,
  MonthlyEmailSharingRequest,
  PauseMonthlyGiftRequest,
  StartMonthlyGiftRequest,
} from '@pledgeway/domain/schemas/monthly-giving';
import { api } from '@/lib/api-client';

export const monthlyGiftsKey = ['monthly-gifts'] as const;

/** The signed-in supporter's monthly gifts, newest first, each with its charges. */
export function useMonthlyGifts() {
  return useQuery({ queryKey: monthlyGiftsKey, queryFn: async ({ signal }) => (await api.get<MonthlyGiftsResponse>('/monthly-gifts', signal)).data.gifts });
}

export type MonthlyAction =
  | { kind: 'start'; charityId: string; body: StartMonthlyGiftRequest }
  | { kind: 'amount'; giftId: string; body: ChangeMonthlyAmountRequest }
  | { kind: 'card'; giftId: string; body: ChangeMonthlyCardRequest }
  | { kind: 'pause'; giftId: string; body: PauseMonthlyGiftRequest }
  | { kind: 'sharing'; giftId: string; body: MonthlyEmailSharingRequest }
  | { kind: 'resume' | 'cancel' | 'advance'; giftId: string };

function send(action: MonthlyAction): Promise<MonthlyGiftResponse> {
  switch (action.kind) {
    case 'start':
      return api.post(`/charities/${action.charityId}/monthly-gifts`, action.body);
    case 'amount':
      return api.put(`/monthly-gifts/${action.giftId}/amount`, action.body);
    case 'card':
      return api.put(`/monthly-gifts/${action.giftId}/card`, action.body);
    case 'pause':
      return api.post(`/monthly-gifts/${action.giftId}/pause`, action.body);
    case 'sharing':
      return api.put(`/monthly-gifts/${action.giftId}/email-sharing`, action.body);
    case 'advance':
      return api.post(`/sandbox/monthly-gifts/${action.giftId}/advance`);
    default:
      return api.post(`/monthly-gifts/${action.giftId}/${action.kind}`);
  }
}

/** Every change of a gift: the answer's message is shown only once the server made the change. */
export function useMonthlyAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: monthlyGiftsKey }) });
}
