import type { AdminUserRow } from '@pledgeway/domain/schemas/admin';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { useAuth } from '@/lib/auth';
import { useUsers } from '../api/get-users';
import { useSetUserDisabled } from '../api/set-user-disabled';
import { DataTable, Td, Th } from '../components/data-table';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { QueryState } from '../components/query-state';
import { ReasonDialog } from '../components/reason-dialog';
import { UserDetailDialog } from '../components/user-detail-dialog';
import { formatShortDate } from '../lib/format';

/** /admin/people: find a person, see their campaigns and pledges, disable or enable the account. */
export default function AdminPeoplePage() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<'all' | 'active' | 'disabled'>('all');
  const [page, setPage] = useState(1);
  const users = useUsers({ q, status, page });
  const setDisabled = useSetUserDisabled();
  const [viewing, setViewing] = useState<string | null>(null);
  const [changing, setChanging] = useState<AdminUserRow | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <div className="space-y-6">
      <PageHeader title="People" description="Everyone with an account. Disabling ends every session at once and blocks log-in until enabled." />
      <form role="search" onSubmit={(event) => event.preventDefault()} className="grid gap-3 rounded-2xl border border-ink-100 bg-white p-4 sm:grid-cols-3">
        <Field label="Search" className="sm:col-span-2">
          <Input type="search" value={search} placeholder="Name or e-mail" onChange={(event) => setSearch(event.target.value)} />
        </Field>
        <Field label="Accounts">
          <Select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as typeof status);
              setPage(1);
            }}
          >
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="disabled">Disabled</option>
          </Select>
        </Field>
      </form>
      <QueryState query={users} noun="people" isEmpty={(data) => data.total === 0} empty={<EmptyState title="Nobody matches" />}>
        {(data) => (
          <div>
            <DataTable caption="People">
              <thead>
                <tr>
                  <Th>Person</Th>
                  <Th>Identity</Th>
                  <Th>Campaigns</Th>
                  <Th>Pledges</Th>
                  <Th>Joined</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((person) => (
                  <tr key={person._id}>
                    <Td>
                      <span className="block font-semibold text-ink-900">
                        {person.name} {person.role === 'admin' && <Badge tone="blue">admin</Badge>}
                      </span>
                      <span className="block text-xs text-ink-600">{person.email}</span>
                      {person.disabled_at && (
                        <Badge tone="red" className="mt-1">
                          Disabled
                        </Badge>
                      )}
                    </Td>
                    <Td>{person.identity_status}</Td>
                    <Td>{person.campaign_count}</Td>
                    <Td>{person.pledge_count}</Td>
                    <Td className="whitespace-nowrap text-ink-600">{formatShortDate(person.created_at)}</Td>
                    <Td>
                      <div className="flex justify-end gap-1.5">
                        <Button size="sm" variant="outline" onClick={() => setViewing(person._id)}>
                          View<span className="sr-only"> {person.name}</span>
                        </Button>
                        {person._id !== me?._id && (
                          <Button size="sm" variant={person.disabled_at ? 'ghost' : 'danger'} onClick={() => setChanging(person)}>
                            {person.disabled_at ? 'Enable' : 'Disable'}
                            <span className="sr-only"> {person.name}</span>
                          </Button>
                        )}
                      </div>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} />
          </div>
        )}
      </QueryState>
      <UserDetailDialog userId={viewing} onClose={() => setViewing(null)} />
      <ReasonDialog
        open={Boolean(changing)}
        onOpenChange={(open) => !open && setChanging(null)}
        title={changing?.disabled_at ? `Enable ${changing.name}` : `Disable ${changing?.name ?? ''}`}
        description={
          changing?.disabled_at
            ? 'The person can log in again. Their old sessions stay ended.'
            : 'The person is signed out everywhere at once and cannot log in until you enable the account.'
        }
        confirmLabel={changing?.disabled_at ? 'Enable' : 'Disable'}
        tone={changing?.disabled_at ? 'default' : 'danger'}
        onConfirm={async (reason) => {
          const result = await setDisabled.mutateAsync({ userId: changing!._id, disabled: !changing!.disabled_at, reason });
          toast.success(result.message);
        }}
      />
    </div>
  );
}
