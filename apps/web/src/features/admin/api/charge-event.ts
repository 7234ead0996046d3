import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, dataOf } from '@/lib/typed-api';
import { queryKeys } from '@/lib/query-keys';

export const chargeEvent = (eventId: string) =>
  dataOf(apiClient.POST('/admin/events/{id}/charge', { params: { path: { id: eventId } } })).then((response) => response.data);

export function useChargeEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chargeEvent,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.charging });
    },
  });
}
