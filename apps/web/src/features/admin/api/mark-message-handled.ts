import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminMessageActionResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const markMessageHandled = ({ messageId, handled }: { messageId: string; handled: boolean }) =>
  api.post(AdminMessageActionResponse, `/admin/messages/${encodeURIComponent(messageId)}/handled`, { handled });

export function useMarkMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markMessageHandled, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.messages.all }) });
}
