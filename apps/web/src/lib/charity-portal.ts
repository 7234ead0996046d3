import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AcceptInvitationResponse,
  ProfileSubmittedResponse,
  InvitationPreviewResponse,
  MyCharitiesResponse,
  PortalOverviewResponse,
  RepresentativesResponse,
  StatementEmailsResponse,
  InviteRepresentativeResponse,
} from '@pledgeway/domain/schemas/charity-portal';
import { RefreshAccountResponse, StartOnboardingResponse } from '@pledgeway/domain/schemas/charity-connect';
import { SuccessResponse } from '@pledgeway/domain/schemas/auth';
import { api, ApiError, refreshAccessToken, tokenStore } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The charity portal's reads and writes (decision 135), each answer read with its route's schema. */
const portalKeys = { ...queryKeys.charityPortal, statementEmails: queryKeys.statementEmails };

export const myCharitiesQuery = () =>
  queryOptions({
    queryKey: portalKeys.mine,
    queryFn: async ({ signal }) => (await api.get(MyCharitiesResponse, '/portal/charities', signal, { what: 'your charities' })).data.charities,
  });
export const useMyCharities = (enabled = true) => useQuery({ ...myCharitiesQuery(), enabled });

export const usePortalOverview = (charityId: string) =>
  useQuery({
    queryKey: portalKeys.overview(charityId),
    queryFn: async ({ signal }) => (await api.get(PortalOverviewResponse, `/portal/charities/${charityId}`, signal, { what: 'the charity portal' })).data,
  });

export function useSaveProfile(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) =>
      await api.put(ProfileSubmittedResponse, `/portal/charities/${charityId}/profile`, form, { what: 'the profile change sent for approval' }),
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
      (await api.post(StartOnboardingResponse, `/charities/${charityId}/connect/onboarding`, undefined, { what: 'the onboarding page' })).data,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: portalKeys.overview(charityId) }),
  });
}

/** Reads the connected account's state from the provider again. */
export function useRefreshConnect(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post(RefreshAccountResponse, `/charities/${charityId}/connect/refresh`, undefined, { what: 'the account state' })).data.account,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: portalKeys.overview(charityId) }),
  });
}

export const useInvitation = (token: string) =>
  useQuery({
    queryKey: portalKeys.invitation(token),
    queryFn: async ({ signal }) =>
      (await api.get(InvitationPreviewResponse, `/charity-invitations/${encodeURIComponent(token)}`, signal, { what: 'the invitation' })).data,
    retry: false,
  });

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      await api.post(AcceptInvitationResponse, `/charity-invitations/${encodeURIComponent(token)}/accept`, undefined, { what: 'the invitation' }),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: portalKeys.all }),
  });
}

export const useRepresentatives = (charityId: string | null) =>
  useQuery({
    queryKey: portalKeys.representatives(charityId ?? ''),
    enabled: Boolean(charityId),
    queryFn: async ({ signal }) =>
      (await api.get(RepresentativesResponse, `/admin/charities/${charityId}/representatives`, signal, { what: 'representatives' })).data,
  });

export function useInviteRepresentative(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => api.post(InviteRepresentativeResponse, `/admin/charities/${charityId}/representatives`, { email }),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: portalKeys.representatives(charityId) }),
  });
}

export function useRemoveRepresentative(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => api.delete(SuccessResponse, `/admin/charities/${charityId}/representatives/${userId}`),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: portalKeys.representatives(charityId) }),
  });
}

export const useStatementEmails = () =>
  useQuery({
    queryKey: portalKeys.statementEmails,
    queryFn: async ({ signal }) => (await api.get(StatementEmailsResponse, '/me/statement-emails', signal, { what: 'your e-mail choice' })).data.enabled,
  });

export function useSetStatementEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) => await api.put(StatementEmailsResponse, '/me/statement-emails', { enabled }, { what: 'your e-mail choice' }),
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
