import type { AdminPayoutCharity } from '@pledgeway/domain/schemas/admin';
import { Fragment, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useLedgerCheck } from '../api/get-ledger-check';
import { usePayouts } from '../api/get-payouts';
import { DataTable, Td, Th } from '../components/data-table';
import { MarkPaidDialog } from '../components/mark-paid-dialog';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';
import { saveText } from '../lib/download-csv';
import { formatDollars, formatShortDate } from '../lib/format';

function exportCsv(charities: AdminPayoutCharity[]) {
  const escape = (value: string | number) => (/[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value));
  const lines = [['charity', 'payable', 'paid_total', 'payout_amount', 'reference', 'paid_on'].join(',')];
  for (const charity of charities) {
    if (!charity.history.length) lines.push([charity.charity_name, charity.payable, charity.paid_total, '', '', ''].map(escape).join(','));
    for (const payout of charity.history) {
      lines.push([charity.charity_name, charity.payable, charity.paid_total, payout.amount, payout.reference, payout.paid_on].map(escape).join(','));
    }
  }
  saveText(`${lines.join('\r\n')}\r\n`, `payouts-${new Date().toISOString().slice(0, 10)}.csv`);
}

function LedgerStatus() {
  const check = useLedgerCheck();
  if (check.isPending) return <Badge tone="grey">Checking the books…</Badge>;
  if (check.isError) return <Badge tone="grey">Books check unavailable</Badge>;
  return (
    <span className="inline-flex items-center gap-2 text-sm text-ink-700">
      <Badge tone={check.data.ok ? 'green' : 'red'}>{check.data.ok ? 'Books balance' : 'Books differ'}</Badge>
      {check.data.summary}
    </span>
  );
}

/** /admin/payouts: what each charity is owed from the ledger, payouts marked with a reference, and the history. */
export default function AdminPayoutsPage() {
  const payouts = usePayouts();
  const [paying, setPaying] = useState<AdminPayoutCharity | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Payouts"
        description={<LedgerStatus />}
        actions={
          <Button variant="outline" disabled={!payouts.data?.length} onClick={() => payouts.data && exportCsv(payouts.data)}>
            Export CSV
          </Button>
        }
      />
      <QueryState
        query={payouts}
        noun="payouts"
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title="Nothing payable yet" description="Charities appear here once pledges to their campaigns are charged." />}
      >
        {(rows) => (
          <DataTable caption="Payable and paid per charity">
            <thead>
              <tr>
                <Th>Charity</Th>
                <Th>Payable</Th>
                <Th>Paid so far</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((charity) => (
                <Fragment key={charity.charity_id}>
                  <tr>
                    <Td className="font-semibold">{charity.charity_name}</Td>
                    <Td className="font-semibold">{formatDollars(charity.payable)}</Td>
                    <Td>{formatDollars(charity.paid_total)}</Td>
                    <Td>
                      <div className="flex justify-end gap-1.5">
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-expanded={open === charity.charity_id}
                          onClick={() => setOpen(open === charity.charity_id ? null : charity.charity_id)}
                        >
                          History ({charity.history.length})<span className="sr-only"> of {charity.charity_name}</span>
                        </Button>
                        <Button size="sm" disabled={charity.payable <= 0} onClick={() => setPaying(charity)}>
                          Mark as paid<span className="sr-only"> {charity.charity_name}</span>
                        </Button>
                      </div>
                    </Td>
                  </tr>
                  {open === charity.charity_id && (
                    <tr>
                      <Td colSpan={4} className="bg-ink-50/60">
                        {charity.history.length ? (
                          <ul className="space-y-1 text-sm">
                            {charity.history.map((payout) => (
                              <li key={payout._id}>
                                {formatShortDate(payout.paid_on)} · {formatDollars(payout.amount)} · reference{' '}
                                <span className="font-mono">{payout.reference}</span>
                              </li>
                            ))}
                          </ul>
                        ) : (
                          <p className="text-sm text-ink-600">No payout yet.</p>
                        )}
                      </Td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </DataTable>
        )}
      </QueryState>
      <MarkPaidDialog charity={paying} onClose={() => setPaying(null)} />
    </div>
  );
}
