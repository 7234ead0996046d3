import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminMonthlyGivingResponse } from '@pledgeway/domain/schemas/monthly-giving-admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/monthly-giving, read with the shared schema: this month per charity, and the failing gifts. */
export const getMonthlyGiving = async (signal?: AbortSignal) =>
  (await api.get(AdminMonthlyGivingResponse, '/admin/monthly-giving', signal, { what: 'monthly giving' })).data;

export const monthlyGivingQuery = () => queryOptions({ queryKey: queryKeys.admin.monthlyGiving, queryFn: ({ signal }) => getMonthlyGiving(signal) });

export const useMonthlyGiving = () => useQuery(monthlyGivingQuery());
