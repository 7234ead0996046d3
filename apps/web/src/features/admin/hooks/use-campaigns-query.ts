import type { AdminCampaignsQueryInput } from '@pledgeway/domain/schemas/admin';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@/components/data-table';

/**
 * The campaign list's search, filters, sort and page, kept in the URL so a filtered list can be
 * linked to (the dashboard's figures do). Any change but the page's starts again at page 1.
 */
export function useCampaignsQuery() {
  const [params, setParams] = useSearchParams();
  const query: AdminCampaignsQueryInput = {
    q: params.get('q') ?? '',
    kind: (params.get('kind') || undefined) as AdminCampaignsQueryInput['kind'],
    status: (params.get('status') || undefined) as AdminCampaignsQueryInput['status'],
    charity_id: params.get('charity_id') || undefined,
    sort: (params.get('sort') || 'created_at') as AdminCampaignsQueryInput['sort'],
    order: (params.get('order') || 'desc') as 'asc' | 'desc',
    page: Number(params.get('page') || 1),
  };

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  // The search box applies after a pause in typing, so every keystroke is not a request.
  const [search, setSearch] = useState(query.q ?? '');
  const settled = useDebouncedValue(search.trim());
  useEffect(() => {
    if (settled !== (params.get('q') ?? '')) update({ q: settled });
    // Only a settled search changes the URL; other changes of `params` must not re-apply an old one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return { query, update, search, setSearch };
}
