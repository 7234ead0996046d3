import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminProfileChangesResponse, DecideProfileChangeResponse, type DecideProfileChangeRequest } from '@pledgeway/domain/schemas/charity-portal';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/charity-profile-changes: representatives' profile edits held for approval (decision 176). */
export const useProfileChanges = () =>
  useQuery({
    queryKey: queryKeys.admin.profileChanges,
    queryFn: async () => (await api.get(AdminProfileChangesResponse, '/admin/charity-profile-changes')).data.items,
  });

/** Approves (the public profile takes the change) or rejects a held change; the public charity list is read again. */
export function useDecideProfileChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: { id: string } & DecideProfileChangeRequest) =>
      await api.post(DecideProfileChangeResponse, `/admin/charity-profile-changes/${id}/decision`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.charities });
    },
  });
}
