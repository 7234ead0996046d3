import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatDollars } from '@pledgeway/domain/money';
import type { ManagedFundraisingPage } from '@pledgeway/domain/schemas/fundraising-pages';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useManagedFundraisingPages } from '../../api/get-managed-fundraising-pages';
import { useSetFundraisingPageHidden } from '../../api/set-fundraising-page-hidden';

function PageItem({ page, busy, onHide, onShow }: { page: ManagedFundraisingPage; busy: boolean; onHide(): void; onShow(): void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl bg-ink-50 p-4">
      <Avatar src={page.owner.image} className="size-10" />
      <div className="min-w-0 flex-1">
        <Link to={paths.fundraiser(page.slug)} className="font-semibold underline-offset-2 hover:underline">
          {page.title}
        </Link>
        <p className="text-sm text-ink-600">
          by {page.owner.name} · {formatDollars(page.raised)} of {formatDollars(page.target_amount, { whole: true })} · {page.supporters}{' '}
          {page.supporters === 1 ? 'supporter' : 'supporters'}
        </p>
      </div>
      {page.closed_at && <Badge tone="grey">Closed by its owner</Badge>}
      {page.hidden_at ? (
        <>
          <Badge tone="grey">Hidden</Badge>
          <Button size="sm" variant="outline" disabled={busy} onClick={onShow} aria-label={`Show ${page.title} again`}>
            Show again
          </Button>
        </>
      ) : (
        <Button size="sm" variant="outline" disabled={busy} onClick={onHide} aria-label={`Hide ${page.title}`}>
          Hide
        </Button>
      )}
    </li>
  );
}

/**
 * Fundraising pages on the host's event summary: every page supporters started for this campaign,
 * with a Hide (asked first: the page leaves the leaderboard, its link says it was hidden, its
 * owner is e-mailed) and Show again.
 */
export function ManagedFundraisingPages({ eventId }: { eventId: string }) {
  const query = useManagedFundraisingPages(eventId);
  const change = useSetFundraisingPageHidden(eventId);
  const [hiding, setHiding] = useState<ManagedFundraisingPage | null>(null);
  const pages = query.data ?? [];

  async function send(page: ManagedFundraisingPage, hide: boolean) {
    try {
      toast.success((await change.mutateAsync({ pageId: page._id, hide })).message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The change could not be saved. Please try again.');
    }
  }

  return (
    <section className="card p-6" aria-labelledby="fundraising-pages-heading">
      <h2 id="fundraising-pages-heading" className="text-lg font-semibold">
        Fundraising pages
      </h2>
      <p className="mt-1 text-sm text-ink-600">Supporters raising for this campaign on their own pages. Their pledges are this campaign's pledges.</p>
      {query.isPending && <Spinner label="Loading fundraising pages" />}
      {query.isError && <p className="mt-2 text-ink-600">{query.error.message || 'Fundraising pages could not be loaded.'}</p>}
      {query.isSuccess && pages.length === 0 && <p className="mt-2 text-ink-500">No one has started a fundraising page for this campaign yet.</p>}
      {pages.length > 0 && (
        <ul className="mt-4 grid gap-3">
          {pages.map((page) => (
            <PageItem key={page._id} page={page} busy={change.isPending} onHide={() => setHiding(page)} onShow={() => void send(page, false)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={Boolean(hiding)}
        onOpenChange={(open) => !open && setHiding(null)}
        title="Hide this fundraising page?"
        description={
          hiding
            ? `"${hiding.title}" will leave the campaign's leaderboard, its link will say it was hidden, and ${hiding.owner.name} will be told by e-mail. Pledges already made through it stay with the campaign.`
            : undefined
        }
        confirmLabel="Hide page"
        tone="danger"
        loading={change.isPending}
        onConfirm={async () => {
          if (hiding) await send(hiding, true);
          setHiding(null);
        }}
      />
    </section>
  );
}
