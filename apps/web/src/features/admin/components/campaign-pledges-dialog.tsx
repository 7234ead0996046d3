import type { AdminCampaignRow, AdminPledgeRow } from '@pledgeway/domain/schemas/admin';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { useCampaignPledges } from '../api/get-campaign-pledges';
import { PledgesTable } from './pledges-table';
import { QueryState } from './query-state';
import { SandboxDisputeForm } from './sandbox-dispute-form';

/** The pledges of one campaign, opened from its row; with the sandbox provider, a charged one can be disputed. */
export function CampaignPledgesDialog({ campaign, onClose }: { campaign: AdminCampaignRow | null; onClose(): void }) {
  const pledges = useCampaignPledges(campaign?._id ?? '', Boolean(campaign));
  const [disputing, setDisputing] = useState<AdminPledgeRow | null>(null);
  const close = () => {
    setDisputing(null);
    onClose();
  };
  return (
    <Dialog open={Boolean(campaign)} onOpenChange={(open) => !open && close()} title={`Pledges of ${campaign?.name ?? ''}`} size="lg">
      <div className="mt-4">
        <QueryState query={pledges} noun="pledges" isEmpty={(data) => data.items.length === 0} empty={<EmptyState title="No pledges yet" />}>
          {(data) => (
            <>
              <PledgesTable
                pledges={data.items}
                caption="Pledges of this campaign"
                actions={
                  data.sandbox
                    ? (pledge) =>
                        pledge.status === 'charged' && (
                          <Button size="sm" variant="outline" className="whitespace-nowrap" onClick={() => setDisputing(pledge)}>
                            Dispute (sandbox)<span className="sr-only"> the charge of {pledge.donor?.name ?? 'this pledge'}</span>
                          </Button>
                        )
                    : undefined
                }
              />
              {disputing && <SandboxDisputeForm key={disputing._id} pledge={disputing} onDone={() => setDisputing(null)} />}
            </>
          )}
        </QueryState>
      </div>
    </Dialog>
  );
}
