import { Link } from 'react-router';
import { formatDollars } from '@pledgeway/domain/money';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useFundraisingLeaderboard } from '../../api/get-fundraising-leaderboard';
import { hostIdOf } from '../../lib/host-id';

/** "Start a fundraising page": anyone but the host, while the campaign is live (a visitor logs in first). */
function StartPageLink({ event }: { event: EventDetailResponse }) {
  const { user } = useAuth();
  if (event.status !== 'approved' || (user && user._id === hostIdOf(event))) return null;
  return (
    <Link to={paths.user.startFundraisingPage(event._id)} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-3' })}>
      Start a fundraising page
    </Link>
  );
}

/**
 * The campaign page's leaderboard of its supporters' fundraising pages, most raised first. Each
 * page's pledges are this campaign's pledges: they already count in its total above.
 */
export default function FundraisingLeaderboard({ event }: { event: EventDetailResponse }) {
  const query = useFundraisingLeaderboard(event._id);
  const pages = query.data ?? [];
  if (query.isPending || (query.isSuccess && pages.length === 0 && event.status !== 'approved')) return null;
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="fundraisers-heading">
      <h2 id="fundraisers-heading" className="text-lg font-semibold">
        Fundraisers
      </h2>
      <p className="mt-1 text-sm text-ink-600">Supporters raising for this campaign on their own pages. Their pledges count in the campaign's total.</p>
      {query.isError && <p className="mt-2 text-ink-600">{query.error.message || 'The fundraisers could not be loaded.'}</p>}
      {query.isSuccess && pages.length === 0 && <p className="mt-2 text-ink-500">No fundraising page is shown here yet.</p>}
      {pages.length > 0 && (
        <ol className="mt-3 grid gap-2" aria-label="Fundraising pages, most raised first">
          {pages.map((page, index) => (
            <li key={page._id} className="flex items-center gap-3 rounded-xl bg-ink-50 p-3">
              <span className="w-6 shrink-0 text-center font-bold text-ink-500" aria-label={`Rank ${index + 1}`}>
                {index + 1}
              </span>
              <Avatar src={page.owner.image} className="hidden size-10 shrink-0 sm:block" />
              <div className="min-w-0 flex-1">
                <Link to={paths.fundraiser(page.slug)} className="font-semibold underline-offset-2 hover:text-brand-700 hover:underline">
                  {page.title}
                </Link>
                <p className="text-sm text-ink-600">
                  by {page.owner.name} · {page.supporters} {page.supporters === 1 ? 'supporter' : 'supporters'}
                  {page.closed_at && ' · closed'}
                </p>
              </div>
              <p className="shrink-0 text-right">
                <span className="block font-bold">{formatDollars(page.raised)}</span>
                <span className="block text-xs text-ink-500">of {formatDollars(page.target_amount, { whole: true })}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
      <StartPageLink event={event} />
    </section>
  );
}
