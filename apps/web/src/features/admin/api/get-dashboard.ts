import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminDashboardResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getDashboard = (signal?: AbortSignal) =>
  api.get(AdminDashboardResponse, '/admin/dashboard', signal, { what: 'the dashboard' }).then((body) => body.data);

export const dashboardQuery = () => queryOptions({ queryKey: queryKeys.admin.dashboard, queryFn: ({ signal }) => getDashboard(signal) });

export const useDashboard = () => useQuery(dashboardQuery());
