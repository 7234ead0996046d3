import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminChargeQueueResponse } from '@pledgeway/domain/schemas/admin';
import { apiClient, dataOf } from '@/lib/typed-api';
import { parseResponse } from '@/lib/parse-response';
import { queryKeys } from '@/lib/query-keys';

export const getCharging = (signal?: AbortSignal) =>
  dataOf(apiClient.GET('/admin/charging', { signal })).then((body) => parseResponse(AdminChargeQueueResponse, body, 'the charging queue').data);

export const chargingQuery = () => queryOptions({ queryKey: queryKeys.admin.charging, queryFn: ({ signal }) => getCharging(signal) });

export const useCharging = () => useQuery(chargingQuery());
