import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FundraisingPageActionResponse } from '@pledgeway/domain/schemas/fundraising-pages';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /fundraising-pages/{id}/hide | show: the campaign's host hides a page or shows it again. */
export function setFundraisingPageHidden(pageId: string, hide: boolean): Promise<FundraisingPageActionResponse> {
  return api.post(FundraisingPageActionResponse, `/fundraising-pages/${pageId}/${hide ? 'hide' : 'show'}`);
}

export function useSetFundraisingPageHidden(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pageId, hide }: { pageId: string; hide: boolean }) => setFundraisingPageHidden(pageId, hide),
    // The host's list and the public leaderboard (both under the campaign's fundraising-pages key), and the page's own link.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.fundraisingPages(eventId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fundraisingPages.all });
    },
  });
}
