import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CloseAccountRequest, CloseAccountResponse } from '@pledgeway/domain/schemas/account';
import { SuccessResponse } from '@pledgeway/domain/schemas/auth';
import { api } from '@/lib/api-client';
import { closureStatusKey } from './get-closure-status';

export function closeAccount(body: Partial<CloseAccountRequest>): Promise<CloseAccountResponse> {
  return api.post(CloseAccountResponse, '/account/close', body);
}

export function cancelClosure(): Promise<{ success: true; message: string }> {
  return api.delete(SuccessResponse, '/account/close');
}

export function useCloseAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeAccount, onSuccess: () => queryClient.invalidateQueries({ queryKey: closureStatusKey }) });
}

export function useCancelClosure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelClosure, onSuccess: () => queryClient.invalidateQueries({ queryKey: closureStatusKey }) });
}
