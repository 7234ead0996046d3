import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateFundraisingPageRequestInput, UpdateFundraisingPageResponse } from '@pledgeway/domain/schemas/fundraising-pages';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /fundraising-pages/{page}, the page's id: the owner edits their page (its link stays). */
export function updateFundraisingPage(pageId: string, body: UpdateFundraisingPageRequestInput): Promise<UpdateFundraisingPageResponse> {
  return api.patch(UpdateFundraisingPageResponse, `/fundraising-pages/${pageId}`, body);
}

export function useUpdateFundraisingPage(pageId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateFundraisingPageRequestInput) => updateFundraisingPage(pageId, body),
    // The page by its link, the owner's list, and the campaign's leaderboard.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.fundraisingPages.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.fundraisingPages(eventId) });
    },
  });
}
