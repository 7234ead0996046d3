import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyProfileResponse } from '@pledgeway/domain/schemas/auth';
import { api, publicSchema } from './api-client';
import { queryKeys } from './query-keys';

/** The signed-in user's profile: My Profile, the dashboard and the campaign host block read it. */
export function getMyProfile(signal?: AbortSignal): Promise<MyProfileResponse> {
  return api.get(publicSchema('MyProfileResponse'), '/dashboard/my-profile', signal);
}

// Always refetched on mount: identity verification finishes in another tab or at Stripe.
export const myProfileQuery = () => queryOptions({ queryKey: queryKeys.myProfile, queryFn: ({ signal }) => getMyProfile(signal), staleTime: 0 });

export function useMyProfile() {
  return useQuery(myProfileQuery());
}
