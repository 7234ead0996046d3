import type { AdminCharity } from '@pledgeway/domain/schemas/admin';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { mediaUrl } from '@/lib/format';
import { useCharities } from '../api/get-charities';
import { useSetCharityVisibility } from '../api/set-charity-visibility';
import { CharityFormDialog } from '../components/charity-form-dialog';
import { DataTable, Td, Th } from '../components/data-table';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';

/** /admin/charities: the list behind /charities and the campaign wizard's charity choice. */
export default function AdminCharitiesPage() {
  const charities = useCharities();
  const visibility = useSetCharityVisibility();
  const [editing, setEditing] = useState<{ charity: AdminCharity | null } | null>(null);

  const toggle = async (charity: AdminCharity) => {
    try {
      await visibility.mutateAsync({ charityId: charity._id, hidden: !charity.hidden });
      toast.success(charity.hidden ? `${charity.name} is listed again` : `${charity.name} is hidden`);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Charities"
        description="What /charities lists and what creators can choose. Hidden charities keep their campaigns and history."
        actions={
          <Button onClick={() => setEditing({ charity: null })} disabled={!charities.data}>
            <PlusIcon size={18} />
            Add charity
          </Button>
        }
      />
      <QueryState query={charities} noun="charities" isEmpty={(data) => data.charities.length === 0}>
        {(data) => (
          <DataTable caption="Charities">
            <thead>
              <tr>
                <Th>Charity</Th>
                <Th>Group</Th>
                <Th>Campaigns</Th>
                <Th>Listed</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {data.charities.map((charity) => (
                <tr key={charity._id}>
                  <Td>
                    <div className="flex items-center gap-3">
                      {charity.logo ? (
                        <img src={mediaUrl(charity.logo)} alt="" className="size-10 shrink-0 rounded-lg border border-ink-100 object-contain p-0.5" />
                      ) : (
                        <span className="size-10 shrink-0 rounded-lg bg-ink-100" aria-hidden="true" />
                      )}
                      <div className="min-w-0">
                        <span className="block font-semibold text-ink-900">{charity.name}</span>
                        {charity.link && (
                          <a href={charity.link} target="_blank" rel="noopener noreferrer" className="block truncate text-xs text-sky-800 underline">
                            {charity.link}
                            <span className="sr-only"> (opens in a new tab)</span>
                          </a>
                        )}
                      </div>
                    </div>
                  </Td>
                  <Td>{charity.group.title}</Td>
                  <Td>{charity.campaign_count}</Td>
                  <Td>{charity.hidden ? <Badge tone="grey">Hidden</Badge> : <Badge tone="green">Listed</Badge>}</Td>
                  <Td>
                    <div className="flex justify-end gap-1.5">
                      <Button size="sm" variant="outline" onClick={() => setEditing({ charity })}>
                        Edit<span className="sr-only"> {charity.name}</span>
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => void toggle(charity)}>
                        {charity.hidden ? 'Show' : 'Hide'}
                        <span className="sr-only"> {charity.name}</span>
                      </Button>
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </QueryState>
      <CharityFormDialog open={Boolean(editing)} charity={editing?.charity ?? null} groups={charities.data?.groups ?? []} onClose={() => setEditing(null)} />
    </div>
  );
}
