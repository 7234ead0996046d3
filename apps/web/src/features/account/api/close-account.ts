import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseAccountRequest, CloseAccountResponse } from '@pledgeway/domain/schemas/account';
import { api } from '@/lib/api-client';
import { closureStatusKey } from './get-closure-status';

export function closeAccount(body: Partial<CloseAccountRequest>): Promise<CloseAccountResponse> {
  return api.post('/account/close', body);
}

export function cancelClosure(): Promise<{ success: true; message: string }> {
  return api.delete('/account/close');
}

export function useCloseAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeAccount, onSuccess: () => queryClient.invalidateQueries({ queryKey: closureStatusKey }) });
}

export function useCancelClosure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelClosure, onSuccess: () => queryClient.invalidateQueries({ queryKey: closureStatusKey }) });
}
