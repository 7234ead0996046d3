import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventPaymentRequestInput, EventPaymentResponse } from '@pledgeway/domain/schemas/event-create';
import { api } from '@/lib/api-client';

export function postEventPayment(body: EventPaymentRequestInput): Promise<EventPaymentResponse> {
  return api.post('/events/payment', body as Record<string, unknown>);
}

export function useFundEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postEventPayment,
    onSuccess: (_data, body) => queryClient.invalidateQueries({ queryKey: ['events', 'detail', body.event_id] }),
  });
}
