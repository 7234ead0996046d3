import type { CharityConnectRow, CharityTransferRow } from '@pledgeway/domain/schemas/charity-connect';
import { actionsColumn, DataTable, type Column } from '@/components/data-table';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatDollars } from '../lib/format';

/** Where a charity stands with Connect, as the provider last reported it. */
export function connectState(row: CharityConnectRow): { label: string; tone: BadgeTone } {
  if (!row.account) return { label: 'Not on Connect', tone: 'grey' };
  if (row.account.payouts_enabled && row.account.requirements_due.length === 0) return { label: 'Payouts enabled', tone: 'green' };
  if (row.account.details_submitted) return { label: 'Requirements due', tone: 'yellow' };
  return { label: 'Onboarding not finished', tone: 'blue' };
}

interface CharityConnectTableProps {
  charities: CharityConnectRow[];
  busy: string | null;
  onOnboard(row: CharityConnectRow): void;
  onRefresh(row: CharityConnectRow): void;
  onShowTransfers(row: CharityConnectRow): void;
}

/** Each charity: its Connect state and requirements, what it is owed and how, and the onboarding actions. */
export function CharityConnectTable({ charities, busy, onOnboard, onRefresh, onShowTransfers }: CharityConnectTableProps) {
  const columns: Column<CharityConnectRow>[] = [
    { header: 'Charity', className: 'font-semibold', cell: (row) => row.name },
    {
      header: 'Connect',
      cell: (row) => {
        const state = connectState(row);
        return (
          <span className="flex flex-col items-start gap-1">
            <Badge tone={state.tone}>{state.label}</Badge>
            {row.account?.requirements_due.length ? (
              <span className="text-xs break-all text-ink-700">Still due: {row.account.requirements_due.join(', ')}</span>
            ) : null}
          </span>
        );
      },
    },
    { header: 'Payable', className: 'whitespace-nowrap', cell: (row) => formatDollars(row.payable) },
    { header: 'By transfer', className: 'whitespace-nowrap', cell: (row) => (row.account ? formatDollars(row.to_transfer) : '—') },
    {
      header: 'By payout',
      className: 'whitespace-nowrap font-semibold',
      cell: (row) => (
        <>
          {formatDollars(row.owed_outside_connect)}
          {row.owed_outside_connect > 0 && <span className="block text-xs font-normal text-ink-700">Owed outside Connect: record a payout</span>}
        </>
      ),
    },
    {
      header: 'Transferred',
      className: 'whitespace-nowrap',
      cell: (row) => (
        <>
          {formatDollars(row.transferred)}
          {row.reversed > 0 && <span className="block text-xs text-ink-700">{formatDollars(row.reversed)} reversed</span>}
        </>
      ),
    },
    actionsColumn((row) => (
      <div className="flex flex-wrap justify-end gap-2">
        {!(row.account?.payouts_enabled && row.account.requirements_due.length === 0) && (
          <Button size="sm" disabled={busy === row.charity_id} onClick={() => onOnboard(row)}>
            {row.account ? 'Continue onboarding' : 'Start onboarding'}
            <span className="sr-only"> for {row.name}</span>
          </Button>
        )}
        {row.account && (
          <Button size="sm" variant="outline" disabled={busy === row.charity_id} onClick={() => onRefresh(row)}>
            Refresh state<span className="sr-only"> of {row.name}</span>
          </Button>
        )}
        {row.account && (
          <Button size="sm" variant="outline" onClick={() => onShowTransfers(row)}>
            Transfers<span className="sr-only"> to {row.name}</span>
          </Button>
        )}
      </div>
    )),
  ];
  return <DataTable caption="Charities and Stripe Connect" rows={charities} columns={columns} rowKey={(row) => row.charity_id} minWidth="md:min-w-[60rem]" />;
}

const KIND: Record<CharityTransferRow['kind'], string> = { transfer: 'Transfer', reversal: 'Reversal' };
const NOT_MADE: Record<Exclude<CharityTransferRow['status'], 'made'>, string> = {
  pending: 'Waiting',
  held: 'Held: the provider answered another amount',
  manual_review: 'Marked for manual review',
};

export type ResolveAction = 'look_up' | 'manual_review';

/** A held movement's two ways out (decision 175): ask the provider again, or take it to its dashboard by hand. */
function HeldActions({ row, busy, onResolve }: { row: CharityTransferRow; busy: boolean; onResolve(row: CharityTransferRow, action: ResolveAction): void }) {
  if (row.status !== 'held') return null;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button size="sm" variant="outline" disabled={busy} onClick={() => onResolve(row, 'look_up')}>
        Look up again
        <span className="sr-only">
          {' '}
          the {KIND[row.kind].toLowerCase()} from {row.charge_ref}
        </span>
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => onResolve(row, 'manual_review')}>
        Mark for manual review
        <span className="sr-only">
          {' '}
          the {KIND[row.kind].toLowerCase()} from {row.charge_ref}
        </span>
      </Button>
    </div>
  );
}

/** A charity's transfers and reversals, each with the pledge (or donation) whose charge it carried; a held one can be resolved. */
export function CharityTransfersTable({
  transfers,
  busy = null,
  onResolve,
}: {
  transfers: CharityTransferRow[];
  busy?: string | null;
  onResolve?(row: CharityTransferRow, action: ResolveAction): void;
}) {
  const columns: Column<CharityTransferRow>[] = [
    {
      header: 'Movement',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={row.kind === 'transfer' ? 'green' : 'red'}>{KIND[row.kind]}</Badge>
          <span className="text-xs text-ink-700">{row.status === 'made' ? formatDateTime(row.made_at) : NOT_MADE[row.status]}</span>
        </span>
      ),
    },
    { header: 'Amount', className: 'font-semibold whitespace-nowrap', cell: (row) => `${row.kind === 'reversal' ? '−' : ''}${formatDollars(row.amount)}` },
    {
      header: 'Carried',
      cell: (row) => (
        <>
          {row.carried.supporter_name} · {formatDollars(row.carried.charged)} charged
          <span className="block text-xs text-ink-700">{row.carried.campaign?.name ?? 'Donation'}</span>
        </>
      ),
    },
    {
      header: 'Reference',
      className: 'max-w-[12rem] font-mono text-xs break-all',
      cell: (row) => (
        <>
          {row.provider_ref ?? '—'}
          <span className="block text-ink-700">from {row.charge_ref}</span>
          {row.last_error && row.status !== 'made' && <span className="block text-red-800">{row.last_error}</span>}
        </>
      ),
    },
  ];
  if (onResolve && transfers.some((row) => row.status === 'held')) {
    columns.push(actionsColumn((row) => <HeldActions row={row} busy={busy === row._id} onResolve={onResolve} />));
  }
  return <DataTable caption="Transfers and reversals" rows={transfers} columns={columns} rowKey={(row) => row._id} />;
}
