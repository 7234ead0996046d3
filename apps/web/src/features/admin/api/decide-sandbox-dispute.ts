import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SandboxDisputeOutcomeResponse, type SandboxDisputeOutcomeRequest } from '@pledgeway/domain/schemas/disputes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/disputes/{id}/sandbox-outcome: the sandbox's card network decides an open dispute. */
export const decideSandboxDispute = async ({ id, outcome }: { id: string } & SandboxDisputeOutcomeRequest) =>
  await api.post(SandboxDisputeOutcomeResponse, `/admin/disputes/${id}/sandbox-outcome`, { outcome });

/** The outcome moves money and a pledge's status, so every console figure is read again. */
export function useDecideSandboxDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideSandboxDispute,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}
