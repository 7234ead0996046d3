import { useEffect, useState } from 'react';
import { formatDollars } from '@pledgeway/domain/money';
import type { StatementYear } from '@pledgeway/domain/schemas/statements';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { downloadStatement, useStatementYears } from '../api/get-statements';

/** One year: what was charged for pledges and donations, tips apart, money back, and its PDF. */
function YearCard({ year }: { year: StatementYear }) {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  async function download() {
    setState({ busy: true });
    try {
      await downloadStatement(year.year);
      setState({ busy: false });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : 'The statement could not be downloaded. Please try again.' });
    }
  }
  return (
    <article className="card grid gap-4 p-5 sm:grid-cols-[1fr_auto] sm:items-center sm:p-6">
      <div>
        <h2 className="text-xl font-semibold">{year.year}</h2>
        <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm">
          <dt className="text-ink-600">Charged for pledges and donations</dt>
          <dd className="font-semibold">{formatDollars(year.given)}</dd>
          <dt className="text-ink-600">Tips to Pledgeway</dt>
          <dd className="font-semibold">{formatDollars(year.tips)}</dd>
          <dt className="text-ink-600">Returned to your card</dt>
          <dd className="font-semibold">{formatDollars(year.returned)}</dd>
          <dt className="text-ink-600">Charges</dt>
          <dd className="font-semibold">{year.charges}</dd>
        </dl>
        {state.error && (
          <Alert tone="error" className="mt-3">
            {state.error}
          </Alert>
        )}
      </div>
      <Button onClick={download} loading={state.busy} loadingText="Preparing…">
        Download {year.year} PDF
      </Button>
    </article>
  );
}

/** /user/statements: a PDF per year of the supporter's charges, tips listed apart as not given to the charity. */
export default function GivingStatementsPage() {
  useEffect(() => {
    document.title = 'Giving Statements — Pledgeway';
  }, []);
  const years = useStatementYears();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">Giving Statements</h1>
        <p className="mt-1 text-ink-600">
          One statement per year: each charge with its date, campaign, charity and amount, donations to a charity included; tips listed apart, as they go to
          Pledgeway and not to the charity; refunds and disputes.
        </p>
      </header>
      {years.isPending ? (
        <div className="flex justify-center py-16 text-brand-700">
          <Spinner label="Loading statements" className="scale-150" />
        </div>
      ) : years.isError ? (
        <Alert tone="error">{years.error.message || 'Your statements could not be loaded. Please try again.'}</Alert>
      ) : years.data.length ? (
        years.data.map((year) => <YearCard key={year.year} year={year} />)
      ) : (
        <p className="card p-6 text-ink-600">
          No charges yet: a statement appears here once one of your pledges, or a donation you make while signed in, is charged.
        </p>
      )}
    </div>
  );
}
