import { useMutation } from '@tanstack/react-query';
import { api, publicSchema } from '@/lib/api-client';

/** Subscribes an e-mail address; the server sends a confirmation e-mail (double opt-in). */
export async function subscribeToNewsletter(email: string): Promise<{ message: string }> {
  return api.post(publicSchema('NewsletterResponse'), '/newsletter', { email });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
