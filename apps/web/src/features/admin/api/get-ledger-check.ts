import { queryOptions, useQuery } from '@tanstack/react-query';
import { LedgerVerifyResponse, type LedgerVerifyReport } from '@pledgeway/domain/schemas/money-admin';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type LedgerCheck = LedgerVerifyReport;

/**
 * GET /api/admin/ledger/verify, read with the shared schema: an answer of another shape is an
 * error on screen (decision 099), never a passing check or $0.00.
 */
export const getLedgerCheck = (signal?: AbortSignal): Promise<LedgerCheck> =>
  api.get(LedgerVerifyResponse, '/admin/ledger/verify', signal, { what: 'the books check' }).then((body) => body.data);

export const ledgerCheckQuery = () => queryOptions({ queryKey: queryKeys.admin.ledgerCheck, queryFn: ({ signal }) => getLedgerCheck(signal), retry: false });

export const useLedgerCheck = () => useQuery(ledgerCheckQuery());
