import { ADMIN_CAMPAIGN_SORTS, type AdminCampaignsQueryInput } from '@pledgeway/domain/schemas/admin';
import { EVENT_KINDS } from '@pledgeway/domain/campaign-kinds';
import { statusBadge } from '@pledgeway/domain/status';
import { FilterBar, SearchField, SelectFilter, type FilterOption } from '@/components/data-table';
import { useCharities } from '../api/get-charities';
import { KIND_LABELS } from '../lib/format';

const STATUSES = ['pending', 'approved', 'rejected', 'freeze', 'close', 'completed', 'cancelled'] as const;
const SORT_LABELS: Record<(typeof ADMIN_CAMPAIGN_SORTS)[number], string> = {
  created_at: 'Newest',
  updated_at: 'Last changed',
  name: 'Name',
  target: 'Target',
  pledged: 'Pledged',
  status: 'Status',
};

const KIND_OPTIONS: FilterOption[] = [{ value: '', label: 'All kinds' }, ...EVENT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] ?? kind }))];
const STATUS_OPTIONS: FilterOption[] = [
  { value: '', label: 'All statuses' },
  ...STATUSES.map((status) => ({ value: status, label: status === 'rejected' ? 'Rejected' : statusBadge(status).label })),
];
const SORT_OPTIONS: FilterOption[] = ADMIN_CAMPAIGN_SORTS.flatMap((sort) => [
  { value: `${sort}:desc`, label: `${SORT_LABELS[sort]} (high to low)` },
  { value: `${sort}:asc`, label: `${SORT_LABELS[sort]} (low to high)` },
]);

interface CampaignFiltersProps {
  query: AdminCampaignsQueryInput;
  search: string;
  onSearch(value: string): void;
  onChange(changes: Record<string, string>): void;
}

/** Search, kind, status, charity and sort of the campaign list. */
export function CampaignFilters({ query, search, onSearch, onChange }: CampaignFiltersProps) {
  const charities = useCharities();
  const charityOptions: FilterOption[] = [
    { value: '', label: 'All charities' },
    ...(charities.data?.charities.map((charity) => ({ value: charity._id, label: charity.name })) ?? []),
  ];
  return (
    <FilterBar className="sm:grid-cols-2 xl:grid-cols-6">
      <SearchField value={search} onChange={onSearch} placeholder="Name, creator or e-mail" className="sm:col-span-2" />
      <SelectFilter label="Kind" value={query.kind ?? ''} options={KIND_OPTIONS} onChange={(kind) => onChange({ kind })} />
      <SelectFilter label="Status" value={query.status ?? ''} options={STATUS_OPTIONS} onChange={(status) => onChange({ status })} />
      <SelectFilter label="Charity" value={query.charity_id ?? ''} options={charityOptions} onChange={(charity_id) => onChange({ charity_id })} />
      <SelectFilter
        label="Sort by"
        value={`${query.sort}:${query.order}`}
        options={SORT_OPTIONS}
        onChange={(value) => {
          const [sort = 'created_at', order = 'desc'] = value.split(':');
          onChange({ sort, order });
        }}
      />
    </FilterBar>
  );
}
