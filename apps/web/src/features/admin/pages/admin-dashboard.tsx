import type { AdminDashboard } from '@pledgeway/domain/schemas/admin';
import { periodText } from '@pledgeway/domain/monthly-giving';
import { statusBadge } from '@pledgeway/domain/status';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDashboard } from '../api/get-dashboard';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';
import { formatDollars, waitingFor } from '../lib/format';

const DailyChart = lazy(() => import('../components/daily-chart').then((module) => ({ default: module.DailyChart })));

function Figure({ label, value, detail, to }: { label: string; value: ReactNode; detail?: ReactNode; to: string }) {
  return (
    <Link to={to} className="group block rounded-2xl focus-visible:outline-offset-4">
      <Card className="h-full transition-shadow group-hover:shadow-md">
        <p className="text-sm font-medium text-ink-600">{label}</p>
        <p className="mt-1 font-display text-2xl font-bold text-ink-900">{value}</p>
        {detail && <p className="mt-1 text-sm text-ink-600">{detail}</p>}
      </Card>
    </Link>
  );
}

function Figures({ data }: { data: AdminDashboard }) {
  const statuses = Object.entries(data.campaigns_by_status);
  return (
    <>
      <section aria-labelledby="money-heading">
        <h2 id="money-heading" className="sr-only">
          Money and reviews
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Figure
            label="Pending reviews"
            value={data.pending_reviews.count}
            detail={data.pending_reviews.count ? `Oldest waiting ${waitingFor(data.pending_reviews.oldest_waiting_since)}` : 'Nothing to review'}
            to={paths.admin.reviews}
          />
          <Figure
            label="Pledged"
            value={formatDollars(data.money.pledged)}
            detail="Pending, charged and failed within the window"
            to={`${paths.admin.campaigns}?sort=pledged`}
          />
          <Figure label="Charged" value={formatDollars(data.money.charged)} to={paths.admin.charging} />
          <Figure
            label="Failed charges"
            value={formatDollars(data.money.failed_charges)}
            detail={`${data.money.failed_count} pledge${data.money.failed_count === 1 ? '' : 's'} in the 7-day window`}
            to={`${paths.admin.charging}#failed`}
          />
          <Figure label="Platform fees earned" value={formatDollars(data.money.platform_fees)} to={paths.admin.payouts} />
          <Figure label="Tips earned" value={formatDollars(data.money.tips)} to={paths.admin.payouts} />
          <Figure label="Payable to charities" value={formatDollars(data.money.payable_to_charities)} to={paths.admin.payouts} />
          <Figure
            label="Monthly recurring giving"
            value={formatDollars(data.monthly_giving.monthly_recurring)}
            detail={`${data.monthly_giving.active_gifts} running gift${data.monthly_giving.active_gifts === 1 ? '' : 's'}; ${formatDollars(data.monthly_giving.collected)} of ${formatDollars(data.monthly_giving.expected)} collected in ${periodText(data.monthly_giving.period)}${data.monthly_giving.failing_gifts ? `; ${data.monthly_giving.failing_gifts} failing` : ''}`}
            to={paths.admin.monthlyGiving}
          />
        </div>
      </section>
      <section aria-labelledby="status-heading">
        <h2 id="status-heading" className="font-display text-lg font-semibold text-ink-900">
          Campaigns by status
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
          {statuses.map(([status, count]) => (
            <li key={status}>
              <Link
                to={`${paths.admin.campaigns}?status=${status}`}
                className="flex min-h-11 flex-col rounded-xl border border-ink-100 bg-white px-3 py-2 hover:border-ink-300"
              >
                <span className="text-sm text-ink-600">{status === 'rejected' ? 'Rejected' : statusBadge(status).label}</span>
                <span className="font-display text-xl font-bold text-ink-900">{count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="chart-heading">
        <Card>
          <h2 id="chart-heading" className="font-display text-lg font-semibold text-ink-900">
            Last 30 days
          </h2>
          <p className="text-sm text-ink-600">Pledges made and charges collected per day (UTC)</p>
          <div className="mt-4 min-h-[260px]">
            <Suspense fallback={<Spinner label="Loading the chart" />}>
              <DailyChart series={data.series} />
            </Suspense>
          </div>
        </Card>
      </section>
    </>
  );
}

/** /admin/dashboard: the figures an operator checks first, each opening its list. */
export default function AdminDashboardPage() {
  const query = useDashboard();
  return (
    <div className="space-y-8">
      <PageHeader title="Admin Dashboard" description="Reviews waiting, money pledged and charged, and what is owed to charities." />
      <QueryState query={query} noun="the dashboard">
        {(data) => <Figures data={data} />}
      </QueryState>
    </div>
  );
}
