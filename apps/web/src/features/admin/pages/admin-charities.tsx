import type { AdminCharity } from '@pledgeway/domain/schemas/admin';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { useCharities } from '../api/get-charities';
import { useSetCharityVisibility } from '../api/set-charity-visibility';
import { CharitiesTable } from '../components/charities-table';
import { CharityFormDialog } from '../components/charity-form-dialog';
import { PageHeader } from '../components/page-header';
import { ProfileChanges } from '../components/profile-changes';
import { RepresentativesDialog } from '../components/representatives-dialog';
import { QueryState } from '../components/query-state';

/** /admin/charities: the list behind /charities and the campaign wizard's charity choice. */
export default function AdminCharitiesPage() {
  const charities = useCharities();
  const visibility = useSetCharityVisibility();
  const [editing, setEditing] = useState<{ charity: AdminCharity | null } | null>(null);
  const [representing, setRepresenting] = useState<AdminCharity | null>(null);

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
      <ProfileChanges />
      <QueryState query={charities} noun="charities" isEmpty={(data) => data.charities.length === 0}>
        {(data) => (
          <CharitiesTable
            charities={data.charities}
            onEdit={(charity) => setEditing({ charity })}
            onToggle={(charity) => void toggle(charity)}
            onRepresentatives={setRepresenting}
          />
        )}
      </QueryState>
      <RepresentativesDialog charity={representing} onClose={() => setRepresenting(null)} />
      <CharityFormDialog open={Boolean(editing)} charity={editing?.charity ?? null} groups={charities.data?.groups ?? []} onClose={() => setEditing(null)} />
    </div>
  );
}
