import { queryOptions, useQuery } from '@tanstack/react-query';
import { LedgerVerifyResponse, type LedgerVerifyReport } from '@pledgeway/domain/schemas/money-admin';
import { apiClient, dataOf } from '@/lib/typed-api';
import { queryKeys } from '@/lib/query-keys';

export type LedgerCheck = LedgerVerifyReport;

export const LEDGER_CHECK_SHAPE_ERROR = 'The books check answered in a form this page does not know, so its result cannot be shown.';

/**
 * GET /api/admin/ledger/verify, read with the shared schema: an answer of another shape is an
 * error on screen, never a passing check or $0.00.
 */
export function toLedgerCheck(body: unknown): LedgerCheck {
  const parsed = LedgerVerifyResponse.safeParse(body);
  if (!parsed.success) throw new Error(LEDGER_CHECK_SHAPE_ERROR);
  return parsed.data.data;
}

export const getLedgerCheck = (signal?: AbortSignal) => dataOf(apiClient.GET('/admin/ledger/verify', { signal })).then(toLedgerCheck);

export const ledgerCheckQuery = () => queryOptions({ queryKey: queryKeys.admin.ledgerCheck, queryFn: ({ signal }) => getLedgerCheck(signal), retry: false });

export const useLedgerCheck = () => useQuery(ledgerCheckQuery());
