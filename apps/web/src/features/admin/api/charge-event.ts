import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ChargeRunResponse } from '@pledgeway/domain/schemas/lifecycle';
import { queryKeys } from '@/lib/query-keys';

export const chargeEvent = (eventId: string) =>
  api.post(ChargeRunResponse, `/admin/events/${encodeURIComponent(eventId)}/charge`, undefined, { what: 'the charge run' }).then((response) => response.data);

export function useChargeEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chargeEvent,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.charging });
    },
  });
}
