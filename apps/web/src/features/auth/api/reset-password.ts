import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@pledgeway/domain/schemas/password-reset';
import { api, publicSchema } from '@/lib/api-client';

export function postResetPassword(body: ResetPasswordRequest): Promise<{ success: true; message: string }> {
  return api.post(publicSchema('SuccessResponse'), '/site/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: postResetPassword });
}
