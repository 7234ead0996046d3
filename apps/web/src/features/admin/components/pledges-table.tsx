import type { AdminPledgeRow } from '@pledgeway/domain/schemas/admin';
import { useState, type ReactNode } from 'react';
import { actionsColumn, DataTable, type Column } from '@/components/data-table';
import { PledgeStatusBadge } from '@/components/pledge';
import { formatDateTime, formatDollars } from '../lib/format';

function Donor({ pledge }: { pledge: AdminPledgeRow }) {
  return (
    <>
      {pledge.donor ? (
        <>
          <span className="block font-medium">{pledge.donor.name}</span>
          <span className="block text-xs text-ink-600">{pledge.donor.email}</span>
        </>
      ) : (
        <span className="text-ink-600">Deleted account</span>
      )}
      {pledge.is_creator_pledge && <span className="mt-1 block text-xs font-semibold text-brand-800">Creator’s funding</span>}
      {pledge.anonymous && <span className="mt-1 block text-xs text-ink-600">Shown as anonymous</span>}
    </>
  );
}

function Amount({ pledge }: { pledge: AdminPledgeRow }) {
  return (
    <>
      {formatDollars(pledge.amount)}
      {pledge.tip > 0 && <span className="block text-xs text-ink-600">+ {formatDollars(pledge.tip)} tip</span>}
      {pledge.charged_amount !== null && <span className="block text-xs text-ink-600">charged {formatDollars(pledge.charged_amount)}</span>}
    </>
  );
}

function Status({ pledge, now }: { pledge: AdminPledgeRow; now: number }) {
  return (
    <>
      <PledgeStatusBadge status={pledge.status} />
      {pledge.failure_reason && <span className="mt-1 block text-xs text-danger-600">{pledge.failure_reason}</span>}
      {pledge.status === 'failed' && pledge.window_ends_at && (
        <span className="mt-1 block text-xs text-ink-600">
          {Date.parse(pledge.window_ends_at) > now ? `Window open until ${formatDateTime(pledge.window_ends_at)}` : 'Window ended'}
        </span>
      )}
    </>
  );
}

/** Pledges with their state; a failed one shows its decline reason and when its 7-day window ends. */
export function PledgesTable({
  pledges,
  caption,
  showCampaign = false,
  actions,
}: {
  pledges: AdminPledgeRow[];
  caption: string;
  showCampaign?: boolean;
  /** Each row's actions (the sandbox's dispute tool), when given. */
  actions?(pledge: AdminPledgeRow): ReactNode;
}) {
  const [now] = useState(() => Date.now());
  const columns: (Column<AdminPledgeRow> | false)[] = [
    showCampaign && { header: 'Campaign', className: 'font-medium', cell: (pledge) => pledge.event.name },
    { header: 'Donor', cell: (pledge) => <Donor pledge={pledge} /> },
    { header: 'Amount', cell: (pledge) => <Amount pledge={pledge} /> },
    { header: 'Status', cell: (pledge) => <Status pledge={pledge} now={now} /> },
    { header: 'Made', className: 'whitespace-nowrap text-ink-600', cell: (pledge) => formatDateTime(pledge.created_at) },
    actions ? actionsColumn(actions) : false,
  ];
  return (
    <DataTable
      caption={caption}
      rows={pledges}
      columns={columns}
      rowKey={(pledge) => pledge._id}
      minWidth={showCampaign ? 'md:min-w-[44rem]' : 'md:min-w-[34rem]'}
    />
  );
}
