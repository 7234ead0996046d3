import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminSubscribersResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryString } from '../lib/query-string';
import { queryKeys } from '@/lib/query-keys';

export const getSubscribers = (page: number, signal?: AbortSignal) =>
  api.get(AdminSubscribersResponse, `/admin/subscribers${queryString({ page })}`, signal).then((response) => response.data);

export const subscribersQuery = (page: number) =>
  queryOptions({ queryKey: queryKeys.admin.subscribers(page), queryFn: ({ signal }) => getSubscribers(page, signal), placeholderData: keepPreviousData });

export const useSubscribers = (page: number) => useQuery(subscribersQuery(page));
