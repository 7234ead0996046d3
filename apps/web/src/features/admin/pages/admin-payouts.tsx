import { plainDollars } from '@pledgeway/domain/money';
import type { CharityPayouts } from '@pledgeway/domain/schemas/money-admin';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useLedgerCheck } from '../api/get-ledger-check';
import { usePayouts } from '../api/get-payouts';
import { LedgerCheckFindings, LedgerCheckSummary } from '../components/ledger-check-panel';
import { MarkPaidDialog } from '../components/mark-paid-dialog';
import { PayoutsTable } from '../components/payouts-table';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';
import { saveText } from '../lib/download-csv';

function exportCsv(charities: CharityPayouts[]) {
  const escape = (value: string | number) => (/[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value));
  const lines = [['charity', 'payable', 'paid_total', 'payout_amount', 'reference', 'paid_on'].join(',')];
  for (const charity of charities) {
    if (!charity.history.length) lines.push([charity.name, plainDollars(charity.payable), plainDollars(charity.paid), '', '', ''].map(escape).join(','));
    for (const payout of charity.history) {
      lines.push(
        [charity.name, plainDollars(charity.payable), plainDollars(charity.paid), plainDollars(payout.amount), payout.reference, payout.paid_on]
          .map(escape)
          .join(','),
      );
    }
  }
  saveText(`${lines.join('\r\n')}\r\n`, `payouts-${new Date().toISOString().slice(0, 10)}.csv`);
}

function LedgerStatus() {
  const check = useLedgerCheck();
  if (check.isPending) return <Badge tone="grey">Checking the books…</Badge>;
  if (check.isError)
    return (
      <span className="inline-flex flex-wrap items-center gap-2 text-sm text-ink-700">
        <Badge tone="red">Books check unavailable</Badge>
        {check.error.message}
      </span>
    );
  return <LedgerCheckSummary check={check.data} />;
}

function LedgerDifferences() {
  const check = useLedgerCheck();
  return check.data ? <LedgerCheckFindings check={check.data} /> : null;
}

/** /admin/payouts: what each charity is owed from the ledger, payouts marked with a reference, and the history. */
export default function AdminPayoutsPage() {
  const payouts = usePayouts();
  const [paying, setPaying] = useState<CharityPayouts | null>(null);
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
      <LedgerDifferences />
      <QueryState
        query={payouts}
        noun="payouts"
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title="Nothing payable yet" description="Charities appear here once pledges to their campaigns are charged." />}
      >
        {(rows) => <PayoutsTable charities={rows} onPay={setPaying} />}
      </QueryState>
      <MarkPaidDialog charity={paying} onClose={() => setPaying(null)} />
    </div>
  );
}
