import { queryOptions, useQuery } from '@tanstack/react-query';
import { PayoutsResponse } from '@pledgeway/domain/schemas/money-admin';
import { apiClient, dataOf } from '@/lib/typed-api';
import { parseResponse } from '@/lib/parse-response';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/admin/payouts: per charity, the payable amount, the paid total and the history, parsed
 * with the route's own response schema, so an answer of another shape is an error on screen.
 */
export const getPayouts = (signal?: AbortSignal) =>
  dataOf(apiClient.GET('/admin/payouts', { signal })).then((body) => parseResponse(PayoutsResponse, body, 'payouts').data.charities);

export const payoutsQuery = () => queryOptions({ queryKey: queryKeys.admin.payouts, queryFn: ({ signal }) => getPayouts(signal) });

export const usePayouts = () => useQuery(payoutsQuery());
