import { useMutation } from '@tanstack/react-query';
import { api, publicSchema } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** POST /auth/confirm-email: the token of the link in the confirmation e-mail. */
export const confirmEmail = (token: string) => api.post(publicSchema('SuccessResponse'), '/auth/confirm-email', { token });

/** POST /auth/confirm-email/resend: a new link to the signed-in user (the server limits how often). */
export const resendEmailConfirmation = () => api.post(publicSchema('SuccessResponse'), '/auth/confirm-email/resend');

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}

/**
 * Confirms, then reads the signed-in user again (if any) so every page knows at once. Always, not
 * only when signed in already: a link opened in a new page confirms while the session is still
 * loading, and that first read may have been answered before the confirmation.
 */
export function useConfirmEmail() {
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => refresh(),
  });
}
