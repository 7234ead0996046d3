import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminUserDetailResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getUser = (userId: string, signal?: AbortSignal) =>
  api.get(AdminUserDetailResponse, `/admin/users/${encodeURIComponent(userId)}`, signal).then((response) => response.data);

export const userQuery = (userId: string) => queryOptions({ queryKey: queryKeys.admin.users.detail(userId), queryFn: ({ signal }) => getUser(userId, signal) });

export const useUser = (userId: string | null) => useQuery({ ...userQuery(userId ?? ''), enabled: Boolean(userId) });
