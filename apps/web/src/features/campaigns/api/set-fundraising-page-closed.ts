import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FundraisingPageActionResponse } from '@pledgeway/domain/schemas/fundraising-pages';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /fundraising-pages/{id}/close | reopen: the page's owner closes it or reopens it. */
export function setFundraisingPageClosed(pageId: string, close: boolean): Promise<FundraisingPageActionResponse> {
  return api.post(FundraisingPageActionResponse, `/fundraising-pages/${pageId}/${close ? 'close' : 'reopen'}`);
}

export function useSetFundraisingPageClosed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pageId, close }: { pageId: string; close: boolean }) => setFundraisingPageClosed(pageId, close),
    // The owner's list and the page's own link; the campaign's leaderboard marks it closed.
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.fundraisingPages.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.fundraisingPages(answer.data.event_id) });
    },
  });
}
