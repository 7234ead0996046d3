import type { AdminCampaignRow } from '@pledgeway/domain/schemas/admin';
import { actionsColumn, DataTable, type Column } from '@/components/data-table';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDollars, formatShortDate, KIND_LABELS } from '../lib/format';

interface CampaignsTableProps {
  campaigns: AdminCampaignRow[];
  onPledges(campaign: AdminCampaignRow): void;
  /** Freeze (true) an approved campaign or unfreeze (false) a frozen one. */
  onFreeze(campaign: AdminCampaignRow, freeze: boolean): void;
  /** Hold (or lift the hold on) a crowdfunding campaign's deadline charge. */
  onHold(campaign: AdminCampaignRow): void;
}

function Actions({ campaign, onPledges, onFreeze, onHold }: Omit<CampaignsTableProps, 'campaigns'> & { campaign: AdminCampaignRow }) {
  return (
    <>
      <a href={paths.event(campaign._id)} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
        Open<span className="sr-only"> {campaign.name} (opens in a new tab)</span>
      </a>
      <Button size="sm" variant="outline" onClick={() => onPledges(campaign)}>
        Pledges<span className="sr-only"> of {campaign.name}</span>
      </Button>
      {campaign.status === 'approved' && (
        <Button size="sm" variant="outline" onClick={() => onFreeze(campaign, true)}>
          Freeze<span className="sr-only"> {campaign.name}</span>
        </Button>
      )}
      {campaign.kind === 'crowdfunding' && ['approved', 'freeze', 'completed'].includes(campaign.status) && (
        <Button size="sm" variant="outline" onClick={() => onHold(campaign)}>
          Charge hold<span className="sr-only"> of {campaign.name}</span>
        </Button>
      )}
      {campaign.status === 'freeze' && (
        <Button size="sm" variant="outline" onClick={() => onFreeze(campaign, false)}>
          Unfreeze<span className="sr-only"> {campaign.name}</span>
        </Button>
      )}
    </>
  );
}

/** Campaigns with owner, status, money and the Open / Pledges / Freeze / Charge hold / Unfreeze actions. */
export function CampaignsTable({ campaigns, onPledges, onFreeze, onHold }: CampaignsTableProps) {
  const columns: Column<AdminCampaignRow>[] = [
    {
      header: 'Campaign',
      cell: (campaign) => (
        <>
          <span className="block font-semibold text-ink-900">{campaign.name}</span>
          <span className="block text-xs text-ink-600">
            {KIND_LABELS[campaign.kind]} · {campaign.owner.name} ({campaign.owner.email})
          </span>
        </>
      ),
    },
    { header: 'Status', cell: (campaign) => <StatusBadge status={campaign.status} /> },
    {
      header: 'Pledged / target',
      className: 'whitespace-nowrap',
      cell: (campaign) => (
        <>
          {formatDollars(campaign.pledged_amount)} / {formatDollars(campaign.target_amount)}
          <span className="block text-xs text-ink-600">
            {campaign.pledge_count} pledge{campaign.pledge_count === 1 ? '' : 's'} ·{' '}
            {campaign.funding_model === 'all_or_nothing' ? 'All or Nothing' : 'All Donations'}
          </span>
        </>
      ),
    },
    { header: 'Charity', cell: (campaign) => campaign.charity?.name ?? '—' },
    { header: 'Created', className: 'whitespace-nowrap text-ink-600', cell: (campaign) => formatShortDate(campaign.created_at) },
    actionsColumn((campaign) => <Actions campaign={campaign} onPledges={onPledges} onFreeze={onFreeze} onHold={onHold} />),
  ];
  return <DataTable caption="Campaigns" rows={campaigns} columns={columns} rowKey={(campaign) => campaign._id} />;
}
