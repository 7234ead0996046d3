import type { AdminCharity } from '@pledgeway/domain/schemas/admin';
import { actionsColumn, DataTable, type Column } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { mediaUrl } from '@/lib/format';

function CharityName({ charity }: { charity: AdminCharity }) {
  return (
    <div className="flex items-center gap-3">
      {charity.logo ? (
        <img src={mediaUrl(charity.logo)} alt="" className="size-10 shrink-0 rounded-lg border border-ink-100 object-contain p-0.5" />
      ) : (
        <span className="size-10 shrink-0 rounded-lg bg-ink-100" aria-hidden="true" />
      )}
      <div className="min-w-0">
        <span className="block font-semibold text-ink-900">{charity.name}</span>
        {charity.link && (
          <a href={charity.link} target="_blank" rel="noopener noreferrer" className="relative block truncate text-xs text-sky-800 underline">
            {charity.link}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </div>
  );
}

/** Charities with their group, campaign count, listing and the Edit / Hide / Show actions. */
export function CharitiesTable({
  charities,
  onEdit,
  onToggle,
  onRepresentatives,
}: {
  charities: AdminCharity[];
  onEdit(charity: AdminCharity): void;
  onToggle(charity: AdminCharity): void;
  onRepresentatives(charity: AdminCharity): void;
}) {
  const columns: Column<AdminCharity>[] = [
    { header: 'Charity', cell: (charity) => <CharityName charity={charity} /> },
    { header: 'Group', cell: (charity) => charity.group.title },
    { header: 'Campaigns', cell: (charity) => charity.campaign_count },
    { header: 'Listed', cell: (charity) => (charity.hidden ? <Badge tone="grey">Hidden</Badge> : <Badge tone="green">Listed</Badge>) },
    actionsColumn((charity) => (
      <>
        <Button size="sm" variant="outline" onClick={() => onEdit(charity)}>
          Edit<span className="sr-only"> {charity.name}</span>
        </Button>
        <Button size="sm" variant="outline" onClick={() => onRepresentatives(charity)}>
          Representatives<span className="sr-only"> of {charity.name}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onToggle(charity)}>
          {charity.hidden ? 'Show' : 'Hide'}
          <span className="sr-only"> {charity.name}</span>
        </Button>
      </>
    )),
  ];
  return <DataTable caption="Charities" rows={charities} columns={columns} rowKey={(charity) => charity._id} />;
}
