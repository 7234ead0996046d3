import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SandboxOpenDisputeResponse, type SandboxOpenDisputeRequest } from '@pledgeway/domain/schemas/disputes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/pledges/{id}/sandbox-dispute: the sandbox's donor bank disputes a charged pledge's charge. */
export const openSandboxDispute = async ({ pledgeId, amount }: { pledgeId: string } & SandboxOpenDisputeRequest) =>
  await api.post(SandboxOpenDisputeResponse, `/admin/pledges/${pledgeId}/sandbox-dispute`, { amount });

/** A dispute moves money (and may reverse a transfer), so every console figure is read again. */
export function useOpenSandboxDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openSandboxDispute,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}
