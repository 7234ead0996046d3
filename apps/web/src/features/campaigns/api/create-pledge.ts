import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreatePledgeRequestInput, CreatePledgeResponse } from '@pledgeway/domain/schemas/pledges';
import { api } from '@/lib/api-client';
import { eventQueryOptions } from './get-event';
import { supportersQueryKey } from './get-supporters';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /events/{id}/pledges. `requestKey` is sent as Idempotency-Key: the same key for retries of
 * one confirmation, so a repeated request answers the first pledge instead of making a second.
 */
export function createPledge(eventId: string, body: CreatePledgeRequestInput, requestKey: string): Promise<CreatePledgeResponse> {
  return api.post(CreatePledgeResponse, `/events/${eventId}/pledges`, body, { headers: { 'idempotency-key': requestKey } });
}

export function useCreatePledge(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, requestKey }: { body: CreatePledgeRequestInput; requestKey: string }) => createPledge(eventId, body, requestKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventQueryOptions(eventId).queryKey });
      void queryClient.invalidateQueries({ queryKey: supportersQueryKey(eventId) });
      // My Pledges' list (its feature owns the key; features do not import each other).
      void queryClient.invalidateQueries({ queryKey: queryKeys.myPledges });
    },
  });
}
