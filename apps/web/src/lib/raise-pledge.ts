import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RaisePledgeRequestInput, RaisePledgeResponse } from '@pledgeway/domain/schemas/bidding';
import { api, publicSchema } from './api-client';
import { queryKeys } from './query-keys';

/**
 * POST /pledges/{id}/raise (Bidding Power), from My Pledges and the campaign page. `requestKey` is
 * sent as Idempotency-Key: a retry of one confirmation answers the first raise.
 */
export function raisePledge(pledgeId: string, body: RaisePledgeRequestInput, requestKey: string): Promise<RaisePledgeResponse> {
  return api.post(publicSchema('RaisePledgeResponse'), `/pledges/${pledgeId}/raise`, body, { headers: { 'idempotency-key': requestKey } });
}

export function useRaisePledge(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pledgeId, body, requestKey }: { pledgeId: string; body: RaisePledgeRequestInput; requestKey: string }) =>
      raisePledge(pledgeId, body, requestKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.myPledges });
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.supporters(eventId) });
    },
  });
}
