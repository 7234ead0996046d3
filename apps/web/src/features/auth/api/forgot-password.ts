import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest } from '@pledgeway/domain/schemas/password-reset';
import { api, publicSchema } from '@/lib/api-client';

export function postForgotPassword(body: ForgotPasswordRequest): Promise<{ success: true; message: string }> {
  return api.post(publicSchema('SuccessResponse'), '/site/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: postForgotPassword });
}
