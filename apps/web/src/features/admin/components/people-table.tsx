import type { AdminUserRow } from '@pledgeway/domain/schemas/admin';
import { actionsColumn, DataTable, type Column } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatShortDate } from '../lib/format';

interface PeopleTableProps {
  people: AdminUserRow[];
  /** The signed-in admin, who cannot disable their own account. */
  meId: string | undefined;
  onView(person: AdminUserRow): void;
  onToggle(person: AdminUserRow): void;
}

/** People with their identity, counts and the View / Disable / Enable actions. */
export function PeopleTable({ people, meId, onView, onToggle }: PeopleTableProps) {
  const columns: Column<AdminUserRow>[] = [
    {
      header: 'Person',
      cell: (person) => (
        <>
          <span className="block font-semibold text-ink-900">
            {person.name} {person.role === 'admin' && <Badge tone="blue">admin</Badge>}
          </span>
          <span className="block text-xs text-ink-600">{person.email}</span>
          {person.disabled_at && (
            <Badge tone="red" className="mt-1">
              Disabled
            </Badge>
          )}
        </>
      ),
    },
    { header: 'Identity', cell: (person) => person.identity_status },
    { header: 'Campaigns', cell: (person) => person.campaign_count },
    { header: 'Pledges', cell: (person) => person.pledge_count },
    { header: 'Joined', className: 'whitespace-nowrap text-ink-600', cell: (person) => formatShortDate(person.created_at) },
    actionsColumn((person) => (
      <>
        <Button size="sm" variant="outline" onClick={() => onView(person)}>
          View<span className="sr-only"> {person.name}</span>
        </Button>
        {person._id !== meId && (
          <Button size="sm" variant={person.disabled_at ? 'ghost' : 'danger'} onClick={() => onToggle(person)}>
            {person.disabled_at ? 'Enable' : 'Disable'}
            <span className="sr-only"> {person.name}</span>
          </Button>
        )}
      </>
    )),
  ];
  return <DataTable caption="People" rows={people} columns={columns} rowKey={(person) => person._id} />;
}
