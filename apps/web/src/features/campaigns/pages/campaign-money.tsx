import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { OPEN_LEDGER_PAGE_SIZE } from '@pledgeway/domain/schemas/open-ledger';
import { Pager } from '@/components/data-table';
import { buttonClasses } from '@/components/ui/button';
import { PageBanner } from '@/components/ui/page-banner';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useOpenLedger } from '../api/get-open-ledger';
import { EventLoadError } from '../components/event-page/event-load-error';
import { LedgerTable } from '../components/open-ledger/ledger-table';
import { LedgerTotals } from '../components/open-ledger/ledger-totals';

/** How to check the page without trusting it: download, then recompute. */
function CheckTheBooks({ eventId }: { eventId: string }) {
  return (
    <section aria-labelledby="check-heading" className="rounded-2xl border border-ink-100 bg-cream p-5 sm:p-6">
      <h2 id="check-heading" className="text-lg font-semibold">
        Check the books yourself
      </h2>
      <p className="mt-2 text-sm text-ink-700">
        Download every line, then add them up with any spreadsheet, or with the open-source command{' '}
        <code className="rounded bg-white px-1.5 py-0.5 text-xs break-all">npm run ledger:recompute -- campaign-money.json</code>, which prints the totals above
        from the file alone. Each line's columns balance: what came from cards equals the fees, the tip, what is held and what is for the charity.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={paths.eventMoneyDownload(eventId, 'csv')} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Download CSV
        </a>
        <a href={paths.eventMoneyDownload(eventId, 'json')} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Download JSON
        </a>
      </div>
    </section>
  );
}

/** /events/{id}/money: the campaign's open ledger (decision 112). Anonymous supporters stay anonymous. */
export default function CampaignMoneyPage() {
  const { eventId = '' } = useParams();
  const [page, setPage] = useState(1);
  const query = useOpenLedger(eventId, (page - 1) * OPEN_LEDGER_PAGE_SIZE);
  const name = query.data?.event.name;
  useEffect(() => {
    if (name) document.title = `Where the money goes: ${name} — Pledgeway`;
  }, [name]);
  if (query.isPending) return <FullPageSpinner label="Loading the campaign's money" />;
  if (query.isError) return <EventLoadError error={query.error} />;
  const { event, totals, lines, count } = query.data;

  return (
    <>
      <PageBanner title="Where the money goes" subtitle={event.name}>
        <Link to={paths.event(event._id)} className="text-sm font-semibold text-white underline">
          Back to the campaign
        </Link>
      </PageBanner>
      <div className="container-page grid grid-cols-1 gap-8 py-10 md:py-14">
        <LedgerTotals totals={totals} charity={event.charity} />
        <section aria-labelledby="movements-heading" className="grid grid-cols-1 gap-3">
          <h2 id="movements-heading" className="text-2xl font-bold">
            Every movement
          </h2>
          <p className="text-ink-700">
            Each pledge, charge, fee, tip, refund, dispute and payout of this campaign, newest first. Supporters appear as they chose: an anonymous pledge stays
            anonymous. A declined card, a dispute, a refund or a payout names nobody.
          </p>
          {lines.length ? (
            <LedgerTable lines={lines} />
          ) : (
            <p className="rounded-2xl border border-ink-100 bg-white p-6 text-ink-600">No money has moved for this campaign yet.</p>
          )}
          <Pager page={page} perPage={OPEN_LEDGER_PAGE_SIZE} total={count} onPage={setPage} />
        </section>
        <CheckTheBooks eventId={event._id} />
      </div>
    </>
  );
}
