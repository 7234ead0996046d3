import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatDollars } from '@pledgeway/domain/money';
import type { MyFundraisingPage, PageSupporter } from '@pledgeway/domain/schemas/fundraising-pages';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useOrigin } from '@/lib/hydration';
import { useMyFundraisingPages } from '../api/get-my-fundraising-pages';
import { useSetFundraisingPageClosed } from '../api/set-fundraising-page-closed';
import { PageProgress } from '../components/fundraising/page-progress';

/** The page's link with a Copy button that says "Copied" only once the clipboard took it. */
function CopyPageLink({ slug }: { slug: string }) {
  const url = `${useOrigin()}${paths.fundraiser(slug)}`;
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        readOnly
        value={url}
        aria-label="Your page's link"
        className="input min-w-0 flex-1 text-sm"
        onFocus={(focusEvent) => focusEvent.currentTarget.select()}
      />
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          if (!navigator.clipboard) return setState('failed');
          navigator.clipboard.writeText(url).then(
            () => setState('copied'),
            () => setState('failed'),
          );
        }}
      >
        {state === 'copied' ? 'Copied' : 'Copy link'}
      </Button>
      {state === 'failed' && (
        <p className="w-full text-sm text-danger-600" role="alert">
          Copying is not allowed here: select the link and copy it yourself.
        </p>
      )}
    </div>
  );
}

function SupporterRow({ supporter }: { supporter: PageSupporter }) {
  return (
    <li className="grid gap-0.5 border-b border-ink-100 py-2 last:border-b-0">
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-semibold">{supporter.name ?? 'Anonymous'}</span>
        <span className="shrink-0 font-semibold">{formatDollars(supporter.amount)}</span>
      </div>
      {supporter.message && <p className="text-sm text-ink-700">“{supporter.message}”</p>}
      <p className="text-xs text-ink-500">{formatDate(supporter.created_at)}</p>
    </li>
  );
}

/**
 * Close (asked first: the page keeps its total and its link stays, saying it is closed; new pledges
 * through the link go to the campaign alone) or Reopen while the campaign is live.
 */
function CloseOrReopen({ page }: { page: MyFundraisingPage }) {
  const change = useSetFundraisingPageClosed();
  const [asking, setAsking] = useState(false);
  async function send(close: boolean) {
    try {
      toast.success((await change.mutateAsync({ pageId: page._id, close })).message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The change could not be saved. Please try again.');
    }
  }
  if (page.closed_at) {
    if (page.event.status !== 'approved') return null;
    return (
      <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => void send(false)} aria-label={`Reopen ${page.title}`}>
        Reopen my page
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" variant="ghost" disabled={change.isPending} onClick={() => setAsking(true)} aria-label={`Close ${page.title}`}>
        Close my page
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Close your fundraising page?"
        description={`"${page.title}" keeps the ${formatDollars(page.raised)} pledged through it, and its link stays, saying it is closed. New pledges through the link go to the campaign alone. You can reopen it while the campaign is live.`}
        confirmLabel="Close page"
        loading={change.isPending}
        onConfirm={async () => {
          await send(true);
          setAsking(false);
        }}
      />
    </>
  );
}

function MyPageCard({ page }: { page: MyFundraisingPage }) {
  return (
    <li className="card grid grid-cols-1 gap-4 p-5 sm:p-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid grid-cols-1 content-start gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 text-lg font-semibold">{page.title}</h2>
          {page.hidden_at && <Badge tone="grey">Hidden by the campaign's host</Badge>}
          {page.closed_at && <Badge tone="grey">Closed</Badge>}
        </div>
        <p className="text-sm text-ink-600">
          For{' '}
          <Link to={paths.event(page.event._id)} className="font-semibold underline">
            {page.event.name}
          </Link>
        </p>
        <PageProgress raised={page.raised} target={page.target_amount} supporters={page.supporters} size="sm" />
        {page.hidden_at ? (
          <p className="text-sm text-ink-600">Hidden on {formatDate(page.hidden_at)}: it is off the campaign's leaderboard, and its link tells visitors so.</p>
        ) : page.closed_at ? (
          <p className="text-sm text-ink-600">Closed on {formatDate(page.closed_at)}: it keeps what was pledged through it and takes no new pledges.</p>
        ) : (
          <CopyPageLink slug={page.slug} />
        )}
        <div className="flex flex-wrap gap-2">
          <Link to={paths.fundraiser(page.slug)} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            Open my page
          </Link>
          <Link to={paths.user.editFundraisingPage(page._id)} className={buttonClasses({ variant: 'outline', size: 'sm' })} aria-label={`Edit ${page.title}`}>
            Edit my page
          </Link>
          <CloseOrReopen page={page} />
        </div>
      </div>
      <section aria-label={`Supporters of ${page.title}`}>
        <h3 className="font-semibold">Supporters</h3>
        {page.supporters_list.length === 0 ? (
          <p className="mt-1 text-sm text-ink-500">No pledges through your page yet. Share its link to get started.</p>
        ) : (
          <ul className="mt-1 max-h-80 overflow-y-auto">
            {page.supporters_list.map((supporter) => (
              <SupporterRow key={supporter._id} supporter={supporter} />
            ))}
          </ul>
        )}
      </section>
    </li>
  );
}

/** /user/fundraising-pages: the signed-in person's fundraising pages, their links and their supporters. */
export default function MyFundraisingPages() {
  const query = useMyFundraisingPages();
  return (
    <div className="grid grid-cols-1 gap-6">
      <header>
        <h1 className="text-2xl font-bold md:text-3xl">My Fundraising Pages</h1>
        <p className="mt-1 text-ink-600">Pages you started for campaigns. Supporters show as they chose: anonymous pledges stay anonymous.</p>
      </header>
      {query.isPending && <Spinner label="Loading your fundraising pages" />}
      {query.isError && <p className="text-danger-600">{query.error.message || 'Your fundraising pages could not be loaded.'}</p>}
      {query.isSuccess && query.data.length === 0 && (
        <EmptyState
          title="No fundraising pages yet"
          description="Open a live campaign and choose Start a fundraising page to raise money for it with your own story."
        />
      )}
      {query.isSuccess && query.data.length > 0 && (
        <ul className="grid grid-cols-1 gap-4">
          {query.data.map((page) => (
            <MyPageCard key={page._id} page={page} />
          ))}
        </ul>
      )}
    </div>
  );
}
