import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EventPaymentRequestInput, EventPaymentResponse } from '@pledgeway/domain/schemas/event-create';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function postEventPayment(body: EventPaymentRequestInput): Promise<EventPaymentResponse> {
  return api.post(EventPaymentResponse, '/events/payment', body as Record<string, unknown>);
}

/** The payment step's choice of a new card on Stripe's hosted Checkout page (docs/product.md#7-api-calls: session.url). */
export const CHECKOUT_METHOD = 'checkout';

/** The wizard's funding: test mode, a saved card, or a new card on Stripe's page (no card id: the API answers session.url). */
export function fundFromWizard(eventId: string, info: { amount: EventPaymentRequestInput['amount']; testMode: boolean; paymentMethod?: string | null }) {
  const hosted = !info.testMode && info.paymentMethod === CHECKOUT_METHOD;
  return postEventPayment({
    event_id: eventId,
    amount: info.amount,
    test_mode: info.testMode,
    payment_method_id: info.testMode || hosted ? undefined : (info.paymentMethod ?? undefined),
  });
}

export function useFundEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postEventPayment,
    onSuccess: (_data, body) => queryClient.invalidateQueries({ queryKey: queryKeys.events.detail(body.event_id) }),
  });
}
