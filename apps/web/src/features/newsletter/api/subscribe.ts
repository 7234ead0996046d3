import { useMutation } from '@tanstack/react-query';
import type { NewsletterResponse } from '@pledgeway/domain/schemas/newsletter';
import { api } from '@/lib/api-client';

/** Subscribes an e-mail address; the server sends a confirmation e-mail (double opt-in). */
export async function subscribeToNewsletter(email: string): Promise<{ message: string }> {
  return api.post<NewsletterResponse>('/newsletter', { email });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
