import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConfirmMonthlyChargeRequest,
  MonthlyConfirmationResponse,
  type ChangeMonthlyAmountRequest,
  type ChangeMonthlyCardRequest,
  MonthlyGiftsResponse,
  type MonthlyEmailSharingRequest,
  type PauseMonthlyGiftRequest,
  type StartMonthlyGiftRequest,
  MonthlyGiftResponse,
} from '@pledgeway/domain/schemas/monthly-giving';
import { api } from '@/lib/api-client';

export const monthlyGiftsKey = ['monthly-gifts'] as const;

/** The signed-in supporter's monthly gifts, newest first, each with its charges. */
export function useMonthlyGifts() {
  return useQuery({ queryKey: monthlyGiftsKey, queryFn: async ({ signal }) => (await api.get(MonthlyGiftsResponse, '/monthly-gifts', signal)).data.gifts });
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
      return api.post(MonthlyGiftResponse, `/charities/${action.charityId}/monthly-gifts`, action.body);
    case 'amount':
      return api.put(MonthlyGiftResponse, `/monthly-gifts/${action.giftId}/amount`, action.body);
    case 'card':
      return api.put(MonthlyGiftResponse, `/monthly-gifts/${action.giftId}/card`, action.body);
    case 'pause':
      return api.post(MonthlyGiftResponse, `/monthly-gifts/${action.giftId}/pause`, action.body);
    case 'sharing':
      return api.put(MonthlyGiftResponse, `/monthly-gifts/${action.giftId}/email-sharing`, action.body);
    case 'advance':
      return api.post(MonthlyGiftResponse, `/sandbox/monthly-gifts/${action.giftId}/advance`);
    default:
      return api.post(MonthlyGiftResponse, `/monthly-gifts/${action.giftId}/${action.kind}`);
  }
}

/** Every change of a gift: the answer's message is shown only once the server made the change. */
export function useMonthlyAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: monthlyGiftsKey }) });
}

const confirmationKey = (giftId: string, chargeId: string) => ['monthly-gifts', giftId, 'confirmation', chargeId] as const;

/** A month waiting for the bank's confirmation (decision 170): what is to be paid, and how to confirm it. */
export function useMonthlyConfirmation(giftId: string, chargeId: string) {
  return useQuery({
    queryKey: confirmationKey(giftId, chargeId),
    queryFn: async ({ signal }) =>
      (await api.get(MonthlyConfirmationResponse, `/monthly-gifts/${giftId}/charges/${chargeId}/confirmation`, signal)).data.confirmation,
  });
}

/** After the bank's check in the browser: the server charges and books the month once, and says what happened. */
export function useConfirmMonthlyCharge(giftId: string, chargeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmMonthlyChargeRequest) => api.post(MonthlyConfirmationResponse, `/monthly-gifts/${giftId}/charges/${chargeId}/confirm`, body),
    onSuccess: (answer) => queryClient.setQueryData(confirmationKey(giftId, chargeId), answer.data.confirmation),
    onSettled: () => queryClient.invalidateQueries({ queryKey: monthlyGiftsKey, exact: true }),
  });
}
