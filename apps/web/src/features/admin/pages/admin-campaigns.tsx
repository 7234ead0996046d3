import { ADMIN_CAMPAIGN_SORTS, type AdminCampaignRow, type AdminCampaignsQueryInput } from '@pledgeway/domain/schemas/admin';
import { EVENT_KINDS } from '@pledgeway/domain/campaign-kinds';
import { statusBadge } from '@pledgeway/domain/status';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useCampaignPledges } from '../api/get-campaign-pledges';
import { useCampaigns } from '../api/get-campaigns';
import { useCharities } from '../api/get-charities';
import { useFreezeEvent } from '../api/freeze-event';
import { useUnfreezeEvent } from '../api/unfreeze-event';
import { DataTable, Td, Th } from '../components/data-table';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { PledgesTable } from '../components/pledges-table';
import { QueryState } from '../components/query-state';
import { ReasonDialog } from '../components/reason-dialog';
import { formatDollars, formatShortDate, KIND_LABELS } from '../lib/format';

const STATUSES = ['pending', 'approved', 'rejected', 'freeze', 'close', 'completed', 'cancelled'] as const;
const SORT_LABELS: Record<(typeof ADMIN_CAMPAIGN_SORTS)[number], string> = {
  created_at: 'Newest',
  updated_at: 'Last changed',
  name: 'Name',
  target: 'Target',
  pledged: 'Pledged',
  status: 'Status',
};

function PledgesDialog({ campaign, onClose }: { campaign: AdminCampaignRow | null; onClose(): void }) {
  const pledges = useCampaignPledges(campaign?._id ?? '', Boolean(campaign));
  return (
    <Dialog open={Boolean(campaign)} onOpenChange={(open) => !open && onClose()} title={`Pledges of ${campaign?.name ?? ''}`} size="lg">
      <div className="mt-4">
        <QueryState query={pledges} noun="pledges" isEmpty={(rows) => rows.length === 0} empty={<EmptyState title="No pledges yet" />}>
          {(rows) => <PledgesTable pledges={rows} caption="Pledges of this campaign" />}
        </QueryState>
      </div>
    </Dialog>
  );
}

/** /admin/campaigns: every campaign, searched, filtered, sorted and paged by the server. */
export default function AdminCampaignsPage() {
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
  const campaigns = useCampaigns(query);
  const charities = useCharities();
  const [search, setSearch] = useState(query.q ?? '');
  const [pledgesOf, setPledgesOf] = useState<AdminCampaignRow | null>(null);
  const [freezing, setFreezing] = useState<{ campaign: AdminCampaignRow; freeze: boolean } | null>(null);
  const freeze = useFreezeEvent();
  const unfreeze = useUnfreezeEvent();

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  // Searching waits for a pause in typing, so every keystroke is not a request.
  useEffect(() => {
    if (search === (query.q ?? '')) return;
    const timer = setTimeout(() => update({ q: search.trim() }), 300);
    return () => clearTimeout(timer);
  });

  return (
    <div className="space-y-6">
      <PageHeader title="Campaigns" description="Search every campaign, freeze or unfreeze one, and see its pledges." />
      <form
        role="search"
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-3 rounded-2xl border border-ink-100 bg-white p-4 sm:grid-cols-2 xl:grid-cols-6"
      >
        <Field label="Search" className="sm:col-span-2">
          <Input type="search" value={search} placeholder="Name, creator or e-mail" onChange={(event) => setSearch(event.target.value)} />
        </Field>
        <Field label="Kind">
          <Select value={query.kind ?? ''} onChange={(event) => update({ kind: event.target.value })}>
            <option value="">All kinds</option>
            {EVENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Status">
          <Select value={query.status ?? ''} onChange={(event) => update({ status: event.target.value })}>
            <option value="">All statuses</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {status === 'rejected' ? 'Rejected' : statusBadge(status).label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Charity">
          <Select value={query.charity_id ?? ''} onChange={(event) => update({ charity_id: event.target.value })}>
            <option value="">All charities</option>
            {charities.data?.charities.map((charity) => (
              <option key={charity._id} value={charity._id}>
                {charity.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Sort by">
          <Select
            value={`${query.sort}:${query.order}`}
            onChange={(event) => update({ sort: event.target.value.split(':')[0]!, order: event.target.value.split(':')[1]! })}
          >
            {ADMIN_CAMPAIGN_SORTS.flatMap((sort) => [
              <option key={`${sort}:desc`} value={`${sort}:desc`}>
                {SORT_LABELS[sort]} (high to low)
              </option>,
              <option key={`${sort}:asc`} value={`${sort}:asc`}>
                {SORT_LABELS[sort]} (low to high)
              </option>,
            ])}
          </Select>
        </Field>
      </form>
      <QueryState
        query={campaigns}
        noun="campaigns"
        isEmpty={(data) => data.total === 0}
        empty={<EmptyState title="No campaigns match" description="Clear a filter or search for something else." />}
      >
        {(data) => (
          <div>
            <DataTable caption="Campaigns">
              <thead>
                <tr>
                  <Th>Campaign</Th>
                  <Th>Status</Th>
                  <Th>Pledged / target</Th>
                  <Th>Charity</Th>
                  <Th>Created</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((campaign) => (
                  <tr key={campaign._id}>
                    <Td>
                      <span className="block font-semibold text-ink-900">{campaign.name}</span>
                      <span className="block text-xs text-ink-600">
                        {KIND_LABELS[campaign.kind]} · {campaign.owner.name} ({campaign.owner.email})
                      </span>
                    </Td>
                    <Td>
                      <StatusBadge status={campaign.status} />
                    </Td>
                    <Td className="whitespace-nowrap">
                      {formatDollars(campaign.pledged_amount)} / {formatDollars(campaign.target_amount)}
                      <span className="block text-xs text-ink-600">
                        {campaign.pledge_count} pledge{campaign.pledge_count === 1 ? '' : 's'} ·{' '}
                        {campaign.funding_model === 'all_or_nothing' ? 'All or Nothing' : 'All Donations'}
                      </span>
                    </Td>
                    <Td>{campaign.charity?.name ?? '—'}</Td>
                    <Td className="whitespace-nowrap text-ink-600">{formatShortDate(campaign.created_at)}</Td>
                    <Td>
                      <div className="flex flex-wrap justify-end gap-1.5">
                        <a
                          href={paths.event(campaign._id)}
                          target="_blank"
                          rel="noopener noreferrer"
                          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                        >
                          Open<span className="sr-only"> {campaign.name} (opens in a new tab)</span>
                        </a>
                        <Button size="sm" variant="outline" onClick={() => setPledgesOf(campaign)}>
                          Pledges<span className="sr-only"> of {campaign.name}</span>
                        </Button>
                        {campaign.status === 'approved' && (
                          <Button size="sm" variant="outline" onClick={() => setFreezing({ campaign, freeze: true })}>
                            Freeze<span className="sr-only"> {campaign.name}</span>
                          </Button>
                        )}
                        {campaign.status === 'freeze' && (
                          <Button size="sm" variant="outline" onClick={() => setFreezing({ campaign, freeze: false })}>
                            Unfreeze<span className="sr-only"> {campaign.name}</span>
                          </Button>
                        )}
                      </div>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={(page) => update({ page: String(page) })} />
          </div>
        )}
      </QueryState>
      <PledgesDialog campaign={pledgesOf} onClose={() => setPledgesOf(null)} />
      <ReasonDialog
        open={Boolean(freezing)}
        onOpenChange={(open) => !open && setFreezing(null)}
        title={freezing?.freeze ? `Freeze ${freezing.campaign.name}` : `Unfreeze ${freezing?.campaign.name ?? ''}`}
        description={
          freezing?.freeze
            ? 'Pledging stops at once and the public page shows “Event Frozen” until you unfreeze it.'
            : 'The campaign returns to the status it had before it was frozen.'
        }
        confirmLabel={freezing?.freeze ? 'Freeze' : 'Unfreeze'}
        tone={freezing?.freeze ? 'danger' : 'default'}
        onConfirm={async (reason) => {
          const target = freezing!;
          const result = await (target.freeze ? freeze : unfreeze).mutateAsync({ eventId: target.campaign._id, reason });
          toast.success(result.message);
        }}
      />
    </div>
  );
}
