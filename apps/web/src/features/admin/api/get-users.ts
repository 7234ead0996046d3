import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminUsersQueryInput, AdminUsersResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryString } from '../lib/query-string';
import { queryKeys } from '@/lib/query-keys';

export const getUsers = (query: AdminUsersQueryInput, signal?: AbortSignal) =>
  api.get(AdminUsersResponse, `/admin/users${queryString(query)}`, signal).then((response) => response.data);

export const usersQuery = (query: AdminUsersQueryInput) =>
  queryOptions({ queryKey: queryKeys.admin.users.list(query), queryFn: ({ signal }) => getUsers(query, signal), placeholderData: keepPreviousData });

export const useUsers = (query: AdminUsersQueryInput) => useQuery(usersQuery(query));
