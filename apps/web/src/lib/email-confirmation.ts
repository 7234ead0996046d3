import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

type Answer = { success: true; message: string };

/** POST /auth/confirm-email: the token of the link in the confirmation e-mail. */
export const confirmEmail = (token: string) => api.post<Answer>('/auth/confirm-email', { token });

/** POST /auth/confirm-email/resend: a new link to the signed-in user (the server limits how often). */
export const resendEmailConfirmation = () => api.post<Answer>('/auth/confirm-email/resend');

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}

/** Confirms, then reads the signed-in user again (if any) so every page knows at once. */
export function useConfirmEmail() {
  const auth = useAuth();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: async () => {
      if (auth.status === 'authenticated') await auth.refresh();
    },
  });
}
