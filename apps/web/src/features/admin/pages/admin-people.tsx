import type { AdminUserRow } from '@pledgeway/domain/schemas/admin';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FilterBar, SearchField, SelectFilter, useDebouncedValue, usePaging } from '@/components/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { useAuth } from '@/lib/auth';
import { useUsers } from '../api/get-users';
import { useSetUserDisabled } from '../api/set-user-disabled';
import { PageHeader } from '../components/page-header';
import { PagedResults } from '../components/paged-results';
import { PeopleTable } from '../components/people-table';
import { TargetReasonDialog } from '../components/reason-dialog';
import { UserDetailDialog } from '../components/user-detail-dialog';

type AccountFilter = 'all' | 'active' | 'disabled';

const ACCOUNT_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
] as const;

/** /admin/people: find a person, see their campaigns and pledges, disable or enable the account. `?q=` opens it searched (links from other pages). */
export default function AdminPeoplePage() {
  const { user: me } = useAuth();
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('q') ?? '');
  const q = useDebouncedValue(search.trim());
  const [status, setStatus] = useState<AccountFilter>('all');
  const [page, setPage] = usePaging(`${q}|${status}`);
  const users = useUsers({ q, status, page });
  const setDisabled = useSetUserDisabled();
  const [viewing, setViewing] = useState<string | null>(null);
  const [changing, setChanging] = useState<AdminUserRow | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader title="People" description="Everyone with an account. Disabling ends every session at once and blocks log-in until enabled." />
      <FilterBar className="sm:grid-cols-3">
        <SearchField value={search} onChange={setSearch} placeholder="Name or e-mail" className="sm:col-span-2" />
        <SelectFilter label="Accounts" value={status} options={ACCOUNT_OPTIONS} onChange={(value) => setStatus(value as AccountFilter)} />
      </FilterBar>
      <PagedResults query={users} noun="people" empty={<EmptyState title="Nobody matches" />} onPage={setPage}>
        {(people) => <PeopleTable people={people} meId={me?._id} onView={(person) => setViewing(person._id)} onToggle={setChanging} />}
      </PagedResults>
      <UserDetailDialog userId={viewing} onClose={() => setViewing(null)} />
      <TargetReasonDialog
        target={changing}
        onClose={() => setChanging(null)}
        copy={(person) =>
          person.disabled_at
            ? {
                title: `Enable ${person.name}`,
                description: 'The person can log in again. Their old sessions stay ended.',
                confirmLabel: 'Enable',
                tone: 'default',
              }
            : {
                title: `Disable ${person.name}`,
                description: 'The person is signed out everywhere at once and cannot log in until you enable the account.',
                confirmLabel: 'Disable',
                tone: 'danger',
              }
        }
        onConfirm={(person, reason) => setDisabled.mutateAsync({ userId: person._id, disabled: !person.disabled_at, reason })}
      />
    </div>
  );
}
