import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { OPEN_LEDGER_PAGE_SIZE, OpenLedgerResponse } from '@pledgeway/domain/schemas/open-ledger';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/events/{id}/money, read with the route's schema: one page of movements and the totals of all. */
export async function getOpenLedger(id: string, offset: number, signal?: AbortSignal) {
  const path = `/events/${id}/money?offset=${offset}&limit=${OPEN_LEDGER_PAGE_SIZE}`;
  return (await api.get(OpenLedgerResponse, path, signal, { what: "the campaign's money" })).data;
}

export const openLedgerQueryOptions = (id: string, offset: number) =>
  queryOptions({ queryKey: queryKeys.events.money(id, offset), queryFn: ({ signal }) => getOpenLedger(id, offset, signal) });

/** The page stays on screen while the next one loads. */
export function useOpenLedger(id: string, offset: number) {
  return useQuery({ ...openLedgerQueryOptions(id, offset), placeholderData: keepPreviousData });
}
