import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The books check (GET /api/admin/ledger/verify); the console shows whether it passed and its summary. */
export interface LedgerCheck {
  ok: boolean;
  summary: string;
}

export function toLedgerCheck(body: unknown): LedgerCheck {
  const data = ((body as Record<string, unknown> | undefined)?.data ?? body ?? {}) as Record<string, unknown>;
  const ok = data.ok === true || data.balanced === true || data.passed === true;
  const problems = Array.isArray(data.problems) ? data.problems.length : Array.isArray(data.differences) ? data.differences.length : undefined;
  const summary =
    typeof data.summary === 'string'
      ? data.summary
      : typeof data.message === 'string'
        ? data.message
        : problems !== undefined
          ? `${problems} difference(s) found`
          : '';
  return { ok, summary };
}

export const getLedgerCheck = (signal?: AbortSignal) => api.get<unknown>('/admin/ledger/verify', signal).then(toLedgerCheck);

export const ledgerCheckQuery = () => queryOptions({ queryKey: queryKeys.admin.ledgerCheck, queryFn: ({ signal }) => getLedgerCheck(signal), retry: false });

export const useLedgerCheck = () => useQuery(ledgerCheckQuery());
