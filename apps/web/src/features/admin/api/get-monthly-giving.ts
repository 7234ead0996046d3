import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminMonthlyGivingResponse } from '@pledgeway/domain/schemas/monthly-giving-admin';
import { apiClient, dataOf } from '@/lib/typed-api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/monthly-giving, read with the shared schema: this month per charity, and the failing gifts. */
export const getMonthlyGiving = async (signal?: AbortSignal) =>
  AdminMonthlyGivingResponse.parse(await dataOf(apiClient.GET('/admin/monthly-giving', { signal }))).data;

export const monthlyGivingQuery = () => queryOptions({ queryKey: queryKeys.admin.monthlyGiving, queryFn: ({ signal }) => getMonthlyGiving(signal) });

export const useMonthlyGiving = () => useQuery(monthlyGivingQuery());
