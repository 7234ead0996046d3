import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminDashboardResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { queryKeys } from '@/lib/query-keys';

export const getDashboard = (signal?: AbortSignal) =>
  api.get<unknown>('/admin/dashboard', signal).then((body) => parseResponse(AdminDashboardResponse, body, 'the dashboard').data);

export const dashboardQuery = () => queryOptions({ queryKey: queryKeys.admin.dashboard, queryFn: ({ signal }) => getDashboard(signal) });

export const useDashboard = () => useQuery(dashboardQuery());
