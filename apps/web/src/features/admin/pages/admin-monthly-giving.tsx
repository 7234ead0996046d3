import type { AdminMonthlyGiving, FailingMonthlyGift, MonthlyGivingCharityRow } from '@pledgeway/domain/schemas/monthly-giving-admin';
import { periodText } from '@pledgeway/domain/monthly-giving';
import { Link } from 'react-router';
import { DataTable, type Column } from '@/components/data-table';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useMonthlyGiving } from '../api/get-monthly-giving';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';
import { formatDateTime, formatDollars } from '../lib/format';

const STATE: Record<FailingMonthlyGift['state'], { label: string; tone: BadgeTone }> = {
  retrying: { label: 'Declined, retrying', tone: 'yellow' },
  action_required: { label: 'Waiting for the bank’s confirmation', tone: 'blue' },
  paused_after_failure: { label: 'Paused after failure', tone: 'red' },
};

const peopleLink = (email: string) => `${paths.admin.people}?q=${encodeURIComponent(email)}`;

const charityColumns: Column<MonthlyGivingCharityRow>[] = [
  { header: 'Charity', className: 'font-semibold', cell: (row) => row.charity_name },
  { header: 'Running gifts', cell: (row) => row.active_gifts },
  { header: 'Paused', cell: (row) => row.paused_gifts },
  { header: 'Expected', className: 'whitespace-nowrap', cell: (row) => formatDollars(row.expected) },
  { header: 'Collected', className: 'font-semibold whitespace-nowrap', cell: (row) => formatDollars(row.collected) },
];

const failingColumns: Column<FailingMonthlyGift>[] = [
  {
    header: 'Supporter',
    cell: (row) => (
      <Link to={peopleLink(row.donor.email)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        {row.donor.name}
        <span className="block text-xs font-normal break-all text-ink-600">{row.donor.email}</span>
      </Link>
    ),
  },
  { header: 'Charity', cell: (row) => row.charity_name },
  { header: 'Month', className: 'whitespace-nowrap', cell: (row) => `${periodText(row.period)} · ${formatDollars(row.amount)}` },
  {
    header: 'State',
    cell: (row) => (
      <span className="flex flex-col items-start gap-1">
        <Badge tone={STATE[row.state].tone}>{STATE[row.state].label}</Badge>
        <span className="text-xs text-ink-600">
          {row.attempts} attempt{row.attempts === 1 ? '' : 's'}
          {row.next_retry_at ? `, next ${formatDateTime(row.next_retry_at)}` : ''}
        </span>
      </span>
    ),
  },
  { header: 'Reason', className: 'text-ink-700', cell: (row) => row.failure_message ?? '—' },
];

function Totals({ data }: { data: AdminMonthlyGiving }) {
  const { totals } = data;
  const figures = [
    {
      label: 'Monthly recurring giving',
      value: formatDollars(totals.monthly_recurring),
      detail: `${totals.active_gifts} running gift${totals.active_gifts === 1 ? '' : 's'}`,
    },
    { label: `Expected in ${periodText(totals.period)}`, value: formatDollars(totals.expected), detail: 'Months opened and still to come' },
    { label: 'Collected', value: formatDollars(totals.collected), detail: 'Booked in the ledger' },
    { label: 'Failing gifts', value: totals.failing_gifts, detail: 'Declined, waiting or paused' },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {figures.map((figure) => (
        <Card key={figure.label}>
          <p className="text-sm font-medium text-ink-600">{figure.label}</p>
          <p className="mt-1 font-display text-2xl font-bold text-ink-900">{figure.value}</p>
          <p className="mt-1 text-sm text-ink-600">{figure.detail}</p>
        </Card>
      ))}
    </div>
  );
}

/**
 * /admin/monthly-giving (decision 140): this month's monthly giving per charity, what the cards are
 * expected to pay (gift + tip) and what the ledger booked, and every gift whose charge is failing,
 * each linked to its supporter.
 */
export default function AdminMonthlyGivingPage() {
  const giving = useMonthlyGiving();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Monthly giving"
        description="Amounts are what supporters’ cards pay (gift and tip), for the current month in UTC. Expected counts the months opened and the charges still to come this month; collected is what the ledger booked."
      />
      <QueryState query={giving} noun="monthly giving">
        {(data) => (
          <>
            <Totals data={data} />
            <section aria-labelledby="per-charity-heading" className="space-y-3">
              <h2 id="per-charity-heading" className="font-display text-lg font-semibold text-ink-900">
                Per charity
              </h2>
              {data.charities.length ? (
                <DataTable caption="Monthly giving per charity this month" rows={data.charities} columns={charityColumns} rowKey={(row) => row.charity_id} />
              ) : (
                <EmptyState title="No monthly gifts yet" description="A supporter giving monthly to a charity shows here." />
              )}
            </section>
            <section aria-labelledby="failing-heading" className="space-y-3">
              <h2 id="failing-heading" className="font-display text-lg font-semibold text-ink-900">
                Failing gifts
              </h2>
              {data.failing.length ? (
                <DataTable caption="Monthly gifts whose charges are failing" rows={data.failing} columns={failingColumns} rowKey={(row) => row.gift_id} />
              ) : (
                <EmptyState title="No failing gifts" description="A declined monthly charge shows here until it goes through." />
              )}
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
