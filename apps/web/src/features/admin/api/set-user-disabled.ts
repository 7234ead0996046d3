import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminUserActionResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/users/{id}/disable or /enable, with the reason kept in the audit log. */
export const setUserDisabled = ({ userId, disabled, reason }: { userId: string; disabled: boolean; reason: string }) =>
  api.post(AdminUserActionResponse, `/admin/users/${encodeURIComponent(userId)}/${disabled ? 'disable' : 'enable'}`, { reason });

export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserDisabled, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.users.all }) });
}
