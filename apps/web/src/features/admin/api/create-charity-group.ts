import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminCharityGroupResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createCharityGroup = (title: string) => api.post(AdminCharityGroupResponse, '/admin/charity-groups', { title }).then((response) => response.data);

export function useCreateCharityGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCharityGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.charities }) });
}
