import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminCharityResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const setCharityVisibility = ({ charityId, hidden }: { charityId: string; hidden: boolean }) =>
  api.post(AdminCharityResponse, `/admin/charities/${encodeURIComponent(charityId)}/visibility`, { hidden });

export function useSetCharityVisibility() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCharityVisibility, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.charities }) });
}
