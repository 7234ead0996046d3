import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useUpdates } from '../../api/get-updates';
import { UpdateItem } from './update-item';

/**
 * The creator's updates on the public campaign page, newest first, each with its comments. What a
 * viewer may do (comment, hide) is decided by the server and sent with the list.
 */
export function CampaignUpdates({ eventId }: { eventId: string }) {
  const query = useUpdates(eventId);
  const { status } = useAuth();
  const updates = query.data?.data.updates ?? [];

  return (
    <section aria-labelledby="updates-heading" className="mt-10 border-t border-ink-100 pt-8">
      <div className="mb-5 flex items-baseline justify-between gap-4">
        <h2 id="updates-heading" className="text-2xl font-bold">
          Updates {updates.length > 0 && <span className="text-base font-semibold text-ink-500">({updates.length})</span>}
        </h2>
        {query.data?.data.can_manage && (
          <Link to={paths.user.eventSummary(eventId)} className="text-sm font-semibold underline">
            Post an update
          </Link>
        )}
      </div>
      {query.isPending ? (
        <Spinner label="Loading updates" className="text-brand-700" />
      ) : query.isError ? (
        <div className="rounded-2xl bg-ink-50 p-5 text-ink-700">
          <p>Updates could not be loaded just now.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
      ) : updates.length === 0 ? (
        <p className="rounded-2xl bg-ink-50 p-5 text-ink-600">The creator has not posted any updates yet.</p>
      ) : (
        <ol className="grid gap-6">
          {updates.map((update) => (
            <li key={update._id}>
              <UpdateItem
                eventId={eventId}
                update={update}
                canManage={query.data.data.can_manage}
                canComment={query.data.data.can_comment}
                signedIn={status === 'authenticated'}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
