import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ContactResponse } from '@pledgeway/domain/schemas/contact';
import { api, publicSchema } from '@/lib/api-client';

export function sendContactMessage(body: ContactRequest): Promise<ContactResponse> {
  return api.post(publicSchema('ContactResponse'), '/contact', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
