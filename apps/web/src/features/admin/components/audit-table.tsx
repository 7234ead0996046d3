import type { AdminAuditEntry } from '@pledgeway/domain/schemas/admin';
import { DataTable, type Column } from '@/components/data-table';
import { formatDateTime } from '../lib/format';

function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-ink-600">—</span>;
  return <code className="block max-w-xs font-mono text-xs break-all whitespace-pre-wrap text-ink-700">{JSON.stringify(value, null, 1)}</code>;
}

const COLUMNS: Column<AdminAuditEntry>[] = [
  { header: 'When', className: 'whitespace-nowrap text-ink-600', cell: (entry) => formatDateTime(entry.created_at) },
  { header: 'Who', cell: (entry) => entry.actor_email || entry.actor_id || 'system' },
  { header: 'Action', className: 'font-mono text-xs font-semibold', cell: (entry) => entry.action },
  {
    header: 'Target',
    className: 'text-xs',
    cell: (entry) => (
      <>
        {entry.target_type}
        <span className="block font-mono break-all text-ink-600">{entry.target_id}</span>
      </>
    ),
  },
  { header: 'Reason', className: 'max-w-[14rem]', cell: (entry) => entry.reason || <span className="text-ink-600">—</span> },
  { header: 'Before', cell: (entry) => <Change value={entry.before} /> },
  { header: 'After', cell: (entry) => <Change value={entry.after} /> },
];

/** Audit entries: who did what to which target, why, and the values before and after. */
export function AuditTable({ entries }: { entries: AdminAuditEntry[] }) {
  return <DataTable caption="Audit log entries" rows={entries} columns={COLUMNS} rowKey={(entry) => entry.id} />;
}
