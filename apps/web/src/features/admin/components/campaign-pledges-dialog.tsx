import type { AdminCampaignRow } from '@pledgeway/domain/schemas/admin';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { useCampaignPledges } from '../api/get-campaign-pledges';
import { PledgesTable } from './pledges-table';
import { QueryState } from './query-state';

/** The pledges of one campaign, opened from its row. */
export function CampaignPledgesDialog({ campaign, onClose }: { campaign: AdminCampaignRow | null; onClose(): void }) {
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
