import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateFundraisingPageRequestInput, CreateFundraisingPageResponse } from '@pledgeway/domain/schemas/fundraising-pages';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /events/{id}/fundraising-pages: start the signed-in supporter's page. */
export function startFundraisingPage(eventId: string, body: CreateFundraisingPageRequestInput): Promise<CreateFundraisingPageResponse> {
  return api.post(CreateFundraisingPageResponse, `/events/${eventId}/fundraising-pages`, body);
}

export function useStartFundraisingPage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFundraisingPageRequestInput) => startFundraisingPage(eventId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.fundraisingPages(eventId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fundraisingPages.all });
    },
  });
}
