import { useMutation } from '@tanstack/react-query';
import { type CreateEventRequestInput, CreateEventResponse } from '@pledgeway/domain/schemas/event-create';
import { api } from '@/lib/api-client';

export function postCreateEvent(body: CreateEventRequestInput): Promise<CreateEventResponse> {
  return api.post(CreateEventResponse, '/events/create', body as Record<string, unknown>);
}

export function useCreateEvent() {
  return useMutation({ mutationFn: postCreateEvent });
}
