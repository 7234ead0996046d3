import type { CharityPayouts } from '@pledgeway/domain/schemas/money-admin';
import { useState } from 'react';
import { actionsColumn, DataTable, type Column } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { formatDollars, formatShortDate } from '../lib/format';

function PayoutHistory({ charity }: { charity: CharityPayouts }) {
  if (!charity.history.length) return <p className="text-sm text-ink-600">No payout yet.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {charity.history.map((payout) => (
        <li key={payout._id}>
          {formatShortDate(payout.paid_on)} · {formatDollars(payout.amount)} · reference <span className="font-mono">{payout.reference}</span>
        </li>
      ))}
    </ul>
  );
}

/** Per charity: payable, paid so far, its payout history (opened in place) and Mark as paid. */
export function PayoutsTable({ charities, onPay }: { charities: CharityPayouts[]; onPay(charity: CharityPayouts): void }) {
  const [open, setOpen] = useState<string | null>(null);
  const columns: Column<CharityPayouts>[] = [
    { header: 'Charity', className: 'font-semibold', cell: (charity) => charity.name },
    { header: 'Payable', className: 'font-semibold', cell: (charity) => formatDollars(charity.payable) },
    { header: 'Paid so far', cell: (charity) => formatDollars(charity.paid) },
    actionsColumn((charity) => (
      <>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open === charity.charity_id}
          onClick={() => setOpen(open === charity.charity_id ? null : charity.charity_id)}
        >
          History ({charity.history.length})<span className="sr-only"> of {charity.name}</span>
        </Button>
        <Button size="sm" disabled={charity.payable <= 0} onClick={() => onPay(charity)}>
          Mark as paid<span className="sr-only"> {charity.name}</span>
        </Button>
      </>
    )),
  ];
  return (
    <DataTable
      caption="Payable and paid per charity"
      rows={charities}
      columns={columns}
      rowKey={(charity) => charity.charity_id}
      detail={(charity) => (open === charity.charity_id ? <PayoutHistory charity={charity} /> : null)}
    />
  );
}
