import type { AdminAuditQueryInput } from '@pledgeway/domain/schemas/admin';
import { useState } from 'react';
import { toast } from 'sonner';
import { FilterBar, usePaging } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAudit } from '../api/get-audit';
import { AuditTable } from '../components/audit-table';
import { PageHeader } from '../components/page-header';
import { PagedResults } from '../components/paged-results';
import { downloadCsv } from '../lib/download-csv';
import { queryString } from '../lib/query-string';

type Filters = Pick<AdminAuditQueryInput, 'action' | 'actor' | 'target' | 'from' | 'to'>;

/** /admin/audit: every admin action (who, what, when, why, before and after); append-only. */
export default function AdminAuditPage() {
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = usePaging(queryString(filters));
  const audit = useAudit({ ...filters, page });
  const field = (name: keyof Filters) => ({
    value: draft[name] ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setDraft((current) => ({ ...current, [name]: event.target.value || undefined })),
  });
  const exportCsv = () =>
    downloadCsv(`/admin/audit/export.csv${queryString(filters)}`, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`).catch((error: Error) =>
      toast.error(error.message),
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit log"
        description="Every action taken in this console. Entries cannot be changed or deleted."
        actions={
          <Button variant="outline" onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        }
      />
      <FilterBar
        onSubmit={() => {
          setFilters(draft);
          setPage(1);
        }}
        className="sm:grid-cols-2 xl:grid-cols-6"
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
      </FilterBar>
      <PagedResults query={audit} noun="the audit log" empty={<EmptyState title="No entries match" />} onPage={setPage}>
        {(entries) => <AuditTable entries={entries} />}
      </PagedResults>
    </div>
  );
}
