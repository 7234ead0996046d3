import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StartIdentitySessionResponse } from '@pledgeway/domain/schemas/identity';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function postIdentitySession(next: string): Promise<StartIdentitySessionResponse> {
  return api.post(StartIdentitySessionResponse, '/identity/session', { next });
}

export function useStartIdentitySession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postIdentitySession, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.identity.all }) });
}
