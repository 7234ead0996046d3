import { formatDollars } from '@pledgeway/domain/money';
import type { OpenLedgerTotals } from '@pledgeway/domain/schemas/open-ledger';

/** The campaign's figures, each the sum of the lines below (and of the download's). */
export function LedgerTotals({ totals, charity }: { totals: OpenLedgerTotals; charity: string | null }) {
  const charityName = charity ?? 'the charity';
  const facts: [label: string, value: number, note: string][] = [
    ['Raised', totals.raised, 'The total on the campaign page: pledges charged or still to be charged.'],
    ['Charged', totals.charged, 'Taken from supporters’ cards, tips and covered fees included.'],
    [`For ${charityName}, after fees`, totals.for_charity, 'What the charges leave for the charity.'],
    [`Passed on to ${charityName}`, totals.passed_on, 'Paid out to the charity so far.'],
    ['Platform fees', totals.platform_fees, '3% of each pledge, 5% of the creator’s own.'],
    ['Card processing fees', totals.card_fees, 'What the card provider charged.'],
    ['Tips to Pledgeway', totals.tips, 'Optional, never taken from the charity’s share.'],
  ];
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {facts.map(([label, value, note]) => (
        <div key={label} className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm">
          <dt className="text-xs font-semibold text-ink-600">{label}</dt>
          <dd className="mt-1 font-display text-2xl font-semibold text-ink-900">{formatDollars(value)}</dd>
          <dd className="mt-1 text-xs text-ink-600">{note}</dd>
        </div>
      ))}
    </dl>
  );
}
