import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { CAMPAIGN_SORT_LABELS, CAMPAIGN_SORTS, type CampaignSort } from '@pledgeway/domain/catalog';
import { buttonClasses } from '@/components/ui/button';

/** The query parameter of a campaign list that names its order. */
export const SORT_PARAM = 'sort';
const DEFAULT_SORT: CampaignSort = 'newest';

const isCampaignSort = (value: unknown): value is CampaignSort => (CAMPAIGN_SORTS as readonly unknown[]).includes(value);

/** The order a list's address asks for; none, or one that is not an order, is the newest first. */
export function sortFromSearch(search: URLSearchParams): CampaignSort {
  const value = search.get(SORT_PARAM);
  return isCampaignSort(value) ? value : DEFAULT_SORT;
}

/** The query string with `sort` in it; the default order is written as no `sort` at all. */
export function withSort(search: URLSearchParams, sort: CampaignSort): URLSearchParams {
  const next = new URLSearchParams(search);
  if (sort === DEFAULT_SORT) next.delete(SORT_PARAM);
  else next.set(SORT_PARAM, sort);
  return next;
}

/** The address of the list at `path` in the order `sort`. */
export function listPath(path: string, sort: CampaignSort): string {
  const search = withSort(new URLSearchParams(), sort).toString();
  return search ? `${path}?${search}` : path;
}

interface SortFormProps {
  /** The list's own path: the form asks for it again, in the order chosen. */
  action: string;
  /** The topic the list shows, kept when the form is sent. */
  category?: string;
  sort: CampaignSort;
  onChange(sort: CampaignSort): void;
}

/**
 * "Sort by", as a form the browser can send without the app (decision 120): a GET of the list's own
 * address with `?sort=` (and its topic), which the server renders in that order. Without
 * JavaScript a "Sort" button sends it: a select that left the page on its own would need a script,
 * and would take a keyboard user away in the middle of choosing. With JavaScript there is no
 * button, as the hydrated app sorts the list in place on each choice; a choice made while the app
 * was still loading is applied once it has hydrated. (A button shown only until hydration would
 * move the select when it went.)
 */
export function SortForm({ action, category, sort, onChange }: SortFormProps) {
  const sortId = useId();
  const select = useRef<HTMLSelectElement>(null);
  const applyChoiceMadeBeforeHydration = useEffectEvent(() => {
    // React hydrates a select without setting its value, so it still shows what was chosen.
    const chosen = select.current?.value;
    if (isCampaignSort(chosen) && chosen !== sort) onChange(chosen);
  });
  useEffect(() => applyChoiceMadeBeforeHydration(), []);

  return (
    <form method="get" action={action} className="flex items-center gap-3">
      {category && <input type="hidden" name="category" value={category} />}
      <label htmlFor={sortId} className="text-sm font-semibold text-ink-700">
        Sort by
      </label>
      <select
        ref={select}
        id={sortId}
        name={SORT_PARAM}
        value={sort}
        onChange={(event) => onChange(event.target.value as CampaignSort)}
        className="input w-auto min-w-40 py-2"
      >
        {CAMPAIGN_SORTS.map((value) => (
          <option key={value} value={value}>
            {CAMPAIGN_SORT_LABELS[value]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Sort
        </button>
      </noscript>
    </form>
  );
}
