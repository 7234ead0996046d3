import type { AdminDisputeRow, DisputeStatus } from '@pledgeway/domain/schemas/disputes';
import { actionsColumn, DataTable, type Column } from '@/components/data-table';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatDollars } from '../lib/format';

/** What was disputed: the pledge's campaign, a monthly gift's month, or a donation made from /charities. */
const disputedName = (dispute: AdminDisputeRow) =>
  dispute.campaign?.name ?? (dispute.monthly_gift ? `Monthly gift, ${dispute.monthly_gift.period}` : 'Donation');
/** The charge the bank took from: the pledge's, the month's, or the donation's. */
const chargedDollars = (dispute: AdminDisputeRow) => dispute.pledge?.charged ?? dispute.monthly_gift?.amount ?? dispute.donation?.amount ?? dispute.amount;

const STATUS: Record<DisputeStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'red' },
  won: { label: 'Won', tone: 'green' },
  lost: { label: 'Lost', tone: 'grey' },
};

interface DisputesTableProps {
  disputes: AdminDisputeRow[];
  /** Only with the sandbox provider: decide an open dispute as the card network would. */
  onDecide?(dispute: AdminDisputeRow, outcome: 'won' | 'lost'): void;
  deciding?: string | null;
}

function SandboxActions({
  dispute,
  onDecide,
  deciding,
}: { dispute: AdminDisputeRow } & Required<Pick<DisputesTableProps, 'onDecide'>> & Pick<DisputesTableProps, 'deciding'>) {
  if (dispute.status !== 'open') return null;
  const busy = deciding === dispute._id;
  return (
    <div className="flex flex-col items-end gap-1.5">
      <span className="text-xs font-semibold tracking-wide text-ink-600 uppercase">Sandbox</span>
      <Button size="sm" variant="outline" className="whitespace-nowrap" disabled={busy} onClick={() => onDecide(dispute, 'won')}>
        Close as won<span className="sr-only"> (sandbox) for {disputedName(dispute)}</span>
      </Button>
      <Button size="sm" variant="outline" className="whitespace-nowrap" disabled={busy} onClick={() => onDecide(dispute, 'lost')}>
        Close as lost<span className="sr-only"> (sandbox) for {disputedName(dispute)}</span>
      </Button>
    </div>
  );
}

/** Each dispute: the campaign (or "Donation") and donor, what the bank took back, who bears it, where it stands. */
export function DisputesTable({ disputes, onDecide, deciding }: DisputesTableProps) {
  const columns: Column<AdminDisputeRow>[] = [
    {
      header: 'Campaign',
      className: 'font-semibold',
      cell: (dispute) => (
        <>
          {disputedName(dispute)}
          <span className="block text-xs font-normal text-ink-600">{dispute.charity_name ?? 'No charity'}</span>
        </>
      ),
    },
    { header: 'Donor', cell: (dispute) => dispute.donor?.name ?? 'Deleted account' },
    {
      header: 'Disputed',
      className: 'font-semibold whitespace-nowrap',
      cell: (dispute) => `${formatDollars(dispute.amount)} of ${formatDollars(chargedDollars(dispute))}`,
    },
    { header: 'Fee', cell: (dispute) => formatDollars(dispute.fee) },
    { header: 'From the charity', cell: (dispute) => formatDollars(dispute.charity_share) },
    { header: 'Platform bears', cell: (dispute) => formatDollars(dispute.platform_share) },
    {
      header: 'Status',
      cell: (dispute) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={STATUS[dispute.status].tone}>{STATUS[dispute.status].label}</Badge>
          <span className="text-xs text-ink-600">{formatDateTime(dispute.closed_at ?? dispute.opened_at)}</span>
        </span>
      ),
    },
    {
      header: 'Reference',
      className: 'max-w-[11rem] font-mono text-xs break-all',
      cell: (dispute) => (
        <>
          {dispute.provider_ref}
          <span className="block font-sans text-ink-600">{dispute.reason}</span>
        </>
      ),
    },
  ];
  if (onDecide) columns.push(actionsColumn((dispute) => <SandboxActions dispute={dispute} onDecide={onDecide} deciding={deciding} />));
  return <DataTable caption="Disputes of charged pledges" rows={disputes} columns={columns} rowKey={(dispute) => dispute._id} minWidth="md:min-w-[60rem]" />;
}
