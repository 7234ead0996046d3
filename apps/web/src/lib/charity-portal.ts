import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AcceptInvitationResponse,
  ProfileSubmittedResponse,
  InvitationPreviewResponse,
  MyCharitiesResponse,
  PortalOverviewResponse,
  RepresentativesResponse,
  StatementEmailsResponse,
} from '@pledgeway/domain/schemas/charity-portal';
import { RefreshAccountResponse, StartOnboardingResponse } from '@pledgeway/domain/schemas/charity-connect';
import { api, ApiError, refreshAccessToken, tokenStore } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { queryKeys } from '@/lib/query-keys';

/** The charity portal's reads and writes (decision 135), each answer read with its route's schema. */
const portalKeys = { ...queryKeys.charityPortal, statementEmails: queryKeys.statementEmails };

export const myCharitiesQuery = () =>
  queryOptions({
    queryKey: portalKeys.mine,
    queryFn: async ({ signal }) => parseResponse(MyCharitiesResponse, await api.get<unknown>('/portal/charities', signal), 'your charities').data.charities,
  });
export const useMyCharities = (enabled = true) => useQuery({ ...myCharitiesQuery(), enabled });

export const usePortalOverview = (charityId: string) =>
  useQuery({
    queryKey: portalKeys.overview(charityId),
    queryFn: async ({ signal }) =>
      parseResponse(PortalOverviewResponse, await api.get<unknown>(`/portal/charities/${charityId}`, signal), 'the charity portal').data,
  });

export function useSaveProfile(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) =>
      parseResponse(ProfileSubmittedResponse, await api.put<unknown>(`/portal/charities/${charityId}/profile`, form), 'the profile change sent for approval'),
    onSuccess: async () => {
      // The public list changes only when an admin approves: the portal alone is read again.
      await queryClient.invalidateQueries({ queryKey: portalKeys.all });
    },
  });
}

/** A representative makes the charity's connected account (once) and gets the provider's onboarding page to go to. */
export function useStartConnectOnboarding(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      parseResponse(StartOnboardingResponse, await api.post<unknown>(`/charities/${charityId}/connect/onboarding`), 'the onboarding page').data,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: portalKeys.overview(charityId) }),
  });
}

/** Reads the connected account's state from the provider again. */
export function useRefreshConnect(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      parseResponse(RefreshAccountResponse, await api.post<unknown>(`/charities/${charityId}/connect/refresh`), 'the account state').data.account,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: portalKeys.overview(charityId) }),
  });
}

export const useInvitation = (token: string) =>
  useQuery({
    queryKey: portalKeys.invitation(token),
    queryFn: async ({ signal }) =>
      parseResponse(InvitationPreviewResponse, await api.get<unknown>(`/charity-invitations/${encodeURIComponent(token)}`, signal), 'the invitation').data,
    retry: false,
  });

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      parseResponse(AcceptInvitationResponse, await api.post<unknown>(`/charity-invitations/${encodeURIComponent(token)}/accept`), 'the invitation'),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: portalKeys.all }),
  });
}

export const useRepresentatives = (charityId: string | null) =>
  useQuery({
    queryKey: portalKeys.representatives(charityId ?? ''),
    enabled: Boolean(charityId),
    queryFn: async ({ signal }) =>
      parseResponse(RepresentativesResponse, await api.get<unknown>(`/admin/charities/${charityId}/representatives`, signal), 'representatives').data,
  });

export function useInviteRepresentative(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => api.post<{ message: string }>(`/admin/charities/${charityId}/representatives`, { email }),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: portalKeys.representatives(charityId) }),
  });
}

export function useRemoveRepresentative(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => api.delete<{ message: string }>(`/admin/charities/${charityId}/representatives/${userId}`),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: portalKeys.representatives(charityId) }),
  });
}

export const useStatementEmails = () =>
  useQuery({
    queryKey: portalKeys.statementEmails,
    queryFn: async ({ signal }) =>
      parseResponse(StatementEmailsResponse, await api.get<unknown>('/me/statement-emails', signal), 'your e-mail choice').data.enabled,
  });

export function useSetStatementEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      parseResponse(StatementEmailsResponse, await api.put<unknown>('/me/statement-emails', { enabled }), 'your e-mail choice'),
    onSuccess: (answer) => queryClient.setQueryData(portalKeys.statementEmails, answer.data.enabled),
  });
}

const fetchFile = (path: string) => {
  const token = tokenStore.get();
  return fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
};

/** A CSV download with the bearer token (a plain link would not carry it), offered as a file. */
export async function downloadCsv(path: string, filename: string): Promise<void> {
  let response = await fetchFile(path);
  if (response.status === 401 && (await refreshAccessToken())) response = await fetchFile(path);
  if (!response.ok) throw new ApiError('The file could not be downloaded. Please try again.', response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
