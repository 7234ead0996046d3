import { formatDollars } from '@pledgeway/domain/money';
import type { OpenLedgerLine } from '@pledgeway/domain/schemas/open-ledger';
import { DataTable, type Column } from '@/components/data-table';
import { formatInstant } from '@/lib/format';
import { useDisplayTimeZone } from '@/lib/hydration';

/** An amount, or a dash where the line moves nothing in that column (easier to scan than $0.00). */
function Amount({ value }: { value: number }) {
  if (value === 0) return <span className="text-ink-400">—</span>;
  return <span className={value < 0 ? 'text-red-700' : undefined}>{formatDollars(value)}</span>;
}

const amount = (header: string, value: (line: OpenLedgerLine) => number): Column<OpenLedgerLine> => ({
  header,
  cell: (line) => <Amount value={value(line)} />,
  className: 'text-right tabular-nums whitespace-nowrap',
});

/** One row per movement: what it was, whose, and where each dollar went. */
export function LedgerTable({ lines }: { lines: OpenLedgerLine[] }) {
  const timeZone = useDisplayTimeZone();
  const columns: Column<OpenLedgerLine>[] = [
    { header: 'When', cell: (line) => formatInstant(line.at, timeZone), className: 'whitespace-nowrap text-ink-600' },
    { header: 'Movement', cell: (line) => <span className="font-semibold text-ink-900">{line.label}</span> },
    { header: 'Supporter', cell: (line) => line.donor ?? <span className="text-ink-400">—</span> },
    amount('Raised', (line) => line.pledged),
    amount('From cards', (line) => -line.donor_card),
    amount('Platform fee', (line) => line.platform_fee_revenue),
    amount('Card fee', (line) => line.card_processing_fees),
    amount('Tip', (line) => line.tips_revenue),
    amount('Held', (line) => line.event_escrow),
    amount('For the charity', (line) => line.charity_payable),
    amount('Passed on', (line) => line.charity_paid),
  ];
  return (
    <DataTable
      caption="Every movement of the campaign's money, newest first"
      rows={lines}
      columns={columns}
      rowKey={(line) => line.id}
      minWidth="md:min-w-[70rem]"
    />
  );
}
