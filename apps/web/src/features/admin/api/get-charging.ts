import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminChargeQueueResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getCharging = (signal?: AbortSignal) =>
  api.get(AdminChargeQueueResponse, '/admin/charging', signal, { what: 'the charging queue' }).then((body) => body.data);

export const chargingQuery = () => queryOptions({ queryKey: queryKeys.admin.charging, queryFn: ({ signal }) => getCharging(signal) });

export const useCharging = () => useQuery(chargingQuery());
