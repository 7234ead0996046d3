import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPayoutCharity } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';

type Loose = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));
const amount = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0) || 0);

/**
 * GET /api/admin/payouts answers, per charity, the payable amount, the paid total and the
 * history. Read field by field so a charity named as an object or by id and name both work.
 */
export function toPayoutCharities(body: unknown): AdminPayoutCharity[] {
  const data = (body as Loose | undefined)?.data ?? body;
  const list = Array.isArray(data) ? data : ((data as Loose | undefined)?.charities ?? (data as Loose | undefined)?.items ?? []);
  return (list as Loose[]).map((row) => {
    const charity = (row.charity ?? {}) as Loose;
    const history = (row.history ?? row.payouts ?? []) as Loose[];
    return {
      charity_id: text(row.charity_id ?? charity._id ?? charity.id),
      charity_name: text(row.charity_name ?? charity.name ?? row.name),
      payable: amount(row.payable ?? row.payable_amount),
      paid_total: amount(row.paid_total ?? row.paid),
      history: history.map((item) => ({
        _id: text(item._id ?? item.id),
        amount: amount(item.amount),
        reference: text(item.reference),
        paid_on: text(item.paid_on),
        created_at: text(item.created_at),
      })),
    };
  });
}

export const getPayouts = (signal?: AbortSignal) => api.get<unknown>('/admin/payouts', signal).then(toPayoutCharities);

export const payoutsQuery = () => queryOptions({ queryKey: ['admin', 'payouts'], queryFn: ({ signal }) => getPayouts(signal) });

export const usePayouts = () => useQuery(payoutsQuery());
