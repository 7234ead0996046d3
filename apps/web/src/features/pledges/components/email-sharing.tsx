import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type MyPledgeResponse, type PledgeEmailSharingRequest, PledgeEmailSharingResponse } from '@pledgeway/domain/schemas/my-pledges';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * "Share my e-mail with the host / the charity", changeable any time (decision 183). Each box
 * saves on its own; the host's and the charity's exports and events read the choice when made.
 */
export function EmailSharing({ pledge }: { pledge: MyPledgeResponse }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: PledgeEmailSharingRequest) => api.put(PledgeEmailSharingResponse, `/pledges/${pledge._id}/email-sharing`, body),
    // Pending until the list is read again, so the box never flips back in between.
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await client.invalidateQueries({ queryKey: queryKeys.myPledges });
    },
    onError: (error) => toast.error(error.message || 'Your choice could not be saved. Please try again.'),
  });
  const box = (key: keyof PledgeEmailSharingRequest, checked: boolean, label: string) => (
    <label className="flex items-start gap-2">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0"
        checked={(save.isPending ? save.variables[key] : undefined) ?? checked}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ [key]: event.target.checked })}
      />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className="mt-2 space-y-1 rounded-xl border border-ink-100 px-3 py-2 text-sm">
      <legend className="px-1 text-xs font-semibold text-ink-600">Your e-mail address</legend>
      {box('share_email_with_host', pledge.share_email_with_host, 'Share my e-mail with the host')}
      {box('share_email_with_charity', pledge.share_email_with_charity, 'Share my e-mail with the charity')}
    </fieldset>
  );
}
