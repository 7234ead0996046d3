import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyProfileResponse } from '@pledgeway/domain/schemas/auth';
import { api } from '@/lib/api-client';

/** The signed-in user's profile: prefills the host block and says whether identity is verified. */
export function getMyProfile(signal?: AbortSignal): Promise<MyProfileResponse> {
  return api.get('/dashboard/my-profile', signal);
}

export const myProfileQueryOptions = () => queryOptions({ queryKey: ['my-profile'], queryFn: ({ signal }) => getMyProfile(signal), staleTime: 0 });

export function useMyProfile() {
  return useQuery(myProfileQueryOptions());
}
