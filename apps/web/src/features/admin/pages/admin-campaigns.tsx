import type { AdminCampaignRow } from '@pledgeway/domain/schemas/admin';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { useCampaigns } from '../api/get-campaigns';
import { useFreezeEvent } from '../api/freeze-event';
import { useUnfreezeEvent } from '../api/unfreeze-event';
import { ChargeHoldDialog } from '../components/charge-hold-dialog';
import { CampaignFilters } from '../components/campaign-filters';
import { CampaignPledgesDialog } from '../components/campaign-pledges-dialog';
import { CampaignsTable } from '../components/campaigns-table';
import { PageHeader } from '../components/page-header';
import { PagedResults } from '../components/paged-results';
import { TargetReasonDialog } from '../components/reason-dialog';
import { useCampaignsQuery } from '../hooks/use-campaigns-query';

/** /admin/campaigns: every campaign, searched, filtered, sorted and paged by the server. */
export default function AdminCampaignsPage() {
  const { query, update, search, setSearch } = useCampaignsQuery();
  const campaigns = useCampaigns(query);
  const [pledgesOf, setPledgesOf] = useState<AdminCampaignRow | null>(null);
  const [holdOf, setHoldOf] = useState<AdminCampaignRow | null>(null);
  const [freezing, setFreezing] = useState<{ campaign: AdminCampaignRow; freeze: boolean } | null>(null);
  const freeze = useFreezeEvent();
  const unfreeze = useUnfreezeEvent();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Campaigns"
        description="Search every campaign, freeze or unfreeze one, hold a crowdfunding campaign's deadline charge for review, and see its pledges."
      />
      <CampaignFilters query={query} search={search} onSearch={setSearch} onChange={update} />
      <PagedResults
        query={campaigns}
        noun="campaigns"
        empty={<EmptyState title="No campaigns match" description="Clear a filter or search for something else." />}
        onPage={(page) => update({ page: String(page) })}
      >
        {(items) => (
          <CampaignsTable campaigns={items} onPledges={setPledgesOf} onFreeze={(campaign, freeze) => setFreezing({ campaign, freeze })} onHold={setHoldOf} />
        )}
      </PagedResults>
      <CampaignPledgesDialog campaign={pledgesOf} onClose={() => setPledgesOf(null)} />
      <ChargeHoldDialog campaign={holdOf} onClose={() => setHoldOf(null)} />
      <TargetReasonDialog
        target={freezing}
        onClose={() => setFreezing(null)}
        copy={({ campaign, freeze: freezes }) =>
          freezes
            ? {
                title: `Freeze ${campaign.name}`,
                description: 'Pledging stops at once and the public page shows “Event Frozen” until you unfreeze it.',
                confirmLabel: 'Freeze',
                tone: 'danger',
              }
            : {
                title: `Unfreeze ${campaign.name}`,
                description: 'The campaign returns to the status it had before it was frozen.',
                confirmLabel: 'Unfreeze',
                tone: 'default',
              }
        }
        onConfirm={({ campaign, freeze: freezes }, reason) => (freezes ? freeze : unfreeze).mutateAsync({ eventId: campaign._id, reason })}
      />
    </div>
  );
}
