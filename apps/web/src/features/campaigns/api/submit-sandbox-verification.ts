import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SandboxVerificationRequest, SandboxVerificationResponse } from '@pledgeway/domain/schemas/identity';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function postSandboxVerification(sessionId: string, body: SandboxVerificationRequest): Promise<SandboxVerificationResponse> {
  return api.post(SandboxVerificationResponse, `/identity/sandbox/sessions/${encodeURIComponent(sessionId)}/verify`, body);
}

export function useSubmitSandboxVerification(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SandboxVerificationRequest) => postSandboxVerification(sessionId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.identity.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myProfile });
    },
  });
}
