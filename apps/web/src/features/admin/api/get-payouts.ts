import { queryOptions, useQuery } from '@tanstack/react-query';
import { PayoutsResponse } from '@pledgeway/domain/schemas/money-admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/admin/payouts: per charity, the payable amount, the paid total and the history, parsed
 * with the route's own response schema, so an answer of another shape is an error on screen.
 */
export const getPayouts = (signal?: AbortSignal) => api.get(PayoutsResponse, '/admin/payouts', signal, { what: 'payouts' }).then((body) => body.data.charities);

export const payoutsQuery = () => queryOptions({ queryKey: queryKeys.admin.payouts, queryFn: ({ signal }) => getPayouts(signal) });

export const usePayouts = () => useQuery(payoutsQuery());
