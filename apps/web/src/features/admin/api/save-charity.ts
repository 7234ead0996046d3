import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminCharityResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/charities (new) or PUT /api/admin/charities/{id} (edit), multipart with an optional logo. */
export function saveCharity({ charityId, form }: { charityId?: string; form: FormData }): Promise<AdminCharityResponse> {
  return charityId
    ? api.put(AdminCharityResponse, `/admin/charities/${encodeURIComponent(charityId)}`, form)
    : api.post(AdminCharityResponse, '/admin/charities', form);
}

export function useSaveCharity() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCharity, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.charities }) });
}
