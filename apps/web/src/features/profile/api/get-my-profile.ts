import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyProfileResponse } from '@pledgeway/domain/schemas/auth';
import { api } from '@/lib/api-client';

export const myProfileKey = ['my-profile'] as const;

export function getMyProfile(signal?: AbortSignal): Promise<MyProfileResponse> {
  return api.get('/dashboard/my-profile', signal);
}

export const myProfileQuery = () => queryOptions({ queryKey: myProfileKey, queryFn: ({ signal }) => getMyProfile(signal) });

export function useMyProfile() {
  return useQuery(myProfileQuery());
}
