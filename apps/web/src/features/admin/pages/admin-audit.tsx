import type { AdminAuditQueryInput } from '@pledgeway/domain/schemas/admin';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAudit } from '../api/get-audit';
import { DataTable, Td, Th } from '../components/data-table';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { QueryState } from '../components/query-state';
import { downloadCsv } from '../lib/download-csv';
import { queryString } from '../lib/query-string';
import { formatDateTime } from '../lib/format';

type Filters = Pick<AdminAuditQueryInput, 'action' | 'actor' | 'target' | 'from' | 'to'>;

function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-ink-600">—</span>;
  return <code className="block max-w-xs font-mono text-xs break-all whitespace-pre-wrap text-ink-700">{JSON.stringify(value, null, 1)}</code>;
}

/** /admin/audit: every admin action (who, what, when, why, before and after); append-only. */
export default function AdminAuditPage() {
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const audit = useAudit({ ...filters, page });
  const field = (name: keyof Filters) => ({
    value: draft[name] ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setDraft((current) => ({ ...current, [name]: event.target.value || undefined })),
  });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit log"
        description="Every action taken in this console. Entries cannot be changed or deleted."
        actions={
          <Button
            variant="outline"
            onClick={() =>
              downloadCsv(`/admin/audit/export.csv${queryString(filters)}`, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`).catch((error: Error) =>
                toast.error(error.message),
              )
            }
          >
            Export CSV
          </Button>
        }
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
          setPage(1);
        }}
        className="grid gap-3 rounded-2xl border border-ink-100 bg-white p-4 sm:grid-cols-2 xl:grid-cols-6"
      >
        <Field label="Action" hint="e.g. event. or user.disable">
          <Input {...field('action')} />
        </Field>
        <Field label="Actor" hint="E-mail or id">
          <Input {...field('actor')} />
        </Field>
        <Field label="Target" hint="Id or type">
          <Input {...field('target')} />
        </Field>
        <Field label="From">
          <Input type="date" {...field('from')} />
        </Field>
        <Field label="To">
          <Input type="date" {...field('to')} />
        </Field>
        <div className="flex items-end xl:items-start xl:pt-7">
          <Button type="submit" block>
            Filter
          </Button>
        </div>
      </form>
      <QueryState query={audit} noun="the audit log" isEmpty={(data) => data.total === 0} empty={<EmptyState title="No entries match" />}>
        {(data) => (
          <div>
            <DataTable caption="Audit log entries">
              <thead>
                <tr>
                  <Th>When</Th>
                  <Th>Who</Th>
                  <Th>Action</Th>
                  <Th>Target</Th>
                  <Th>Reason</Th>
                  <Th>Before</Th>
                  <Th>After</Th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((entry) => (
                  <tr key={entry.id}>
                    <Td className="whitespace-nowrap text-ink-600">{formatDateTime(entry.created_at)}</Td>
                    <Td>{entry.actor_email || entry.actor_id || 'system'}</Td>
                    <Td className="font-mono text-xs font-semibold">{entry.action}</Td>
                    <Td className="text-xs">
                      {entry.target_type}
                      <span className="block font-mono break-all text-ink-600">{entry.target_id}</span>
                    </Td>
                    <Td className="max-w-[14rem]">{entry.reason || <span className="text-ink-600">—</span>}</Td>
                    <Td>
                      <Change value={entry.before} />
                    </Td>
                    <Td>
                      <Change value={entry.after} />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} />
          </div>
        )}
      </QueryState>
    </div>
  );
}
