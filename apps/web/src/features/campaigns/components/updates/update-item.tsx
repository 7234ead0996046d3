import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { CampaignUpdate, UpdateAttachment } from '@pledgeway/domain/schemas/updates';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { UploadIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { mediaUrl } from '@/lib/format';
import { useDisplayTimeZone } from '@/lib/hydration';
import { useHideComment } from '../../api/hide-comment';
import { formatBytes } from '@/lib/format';
import { formatDayAndTimeIn, type DisplayZone } from '@/lib/zone-format';

// The form (and its schema library) loads only for people who may comment.
const CommentForm = lazy(() => import('./comment-form'));

/** Day and time of an instant in `timeZone` (undefined: the browser's). */
export function formatStamp(iso: string, timeZone?: DisplayZone): string {
  return formatDayAndTimeIn(new Date(iso), timeZone);
}

function Attachment({ attachment }: { attachment: UpdateAttachment }) {
  if (attachment.kind === 'image') {
    return (
      <a href={mediaUrl(attachment.url)} target="_blank" rel="noreferrer" className="mt-4 block">
        <img
          src={mediaUrl(attachment.url)}
          alt="Image attached to this update"
          loading="lazy"
          // A fixed frame, so the list below does not move when a lazy image arrives.
          className="aspect-video max-h-96 w-full rounded-xl bg-ink-50 object-contain"
        />
      </a>
    );
  }
  return (
    <a
      href={mediaUrl(attachment.url)}
      target="_blank"
      rel="noreferrer"
      className="mt-4 flex items-center gap-3 rounded-xl border border-ink-100 bg-ink-50 px-4 py-3 text-sm hover:bg-ink-100"
    >
      <UploadIcon className="size-5 shrink-0 rotate-180 text-brand-700" aria-hidden="true" />
      <span className="min-w-0 flex-1 truncate font-semibold underline">{attachment.name}</span>
      <span className="shrink-0 text-ink-500">{formatBytes(attachment.size)}</span>
    </a>
  );
}

interface UpdateItemProps {
  eventId: string;
  update: CampaignUpdate;
  canManage: boolean;
  canComment: boolean;
  signedIn: boolean;
}

/** One update: its message and attachment, the comments under it, and the comment box. */
export function UpdateItem({ eventId, update, canManage, canComment, signedIn }: UpdateItemProps) {
  const hide = useHideComment(eventId);
  const [writing, setWriting] = useState(false);
  const timeZone = useDisplayTimeZone();
  const headingId = `update-${update._id}`;

  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-ink-100 p-5 sm:p-6">
      <h3 id={headingId} className="text-sm font-semibold text-ink-500">
        <time dateTime={update.created_at}>{formatStamp(update.created_at, timeZone)}</time>
      </h3>
      <p className="mt-2 whitespace-pre-line text-ink-800">{update.message}</p>
      {update.attachment && <Attachment attachment={update.attachment} />}

      <div className="mt-5 border-t border-ink-100 pt-4">
        <h4 className="text-sm font-semibold text-ink-700">
          {update.comments.length === 0 ? 'No comments yet' : `${update.comments.length} ${update.comments.length === 1 ? 'comment' : 'comments'}`}
        </h4>
        {update.comments.length > 0 && (
          <ul className="mt-3 grid gap-3">
            {update.comments.map((comment) => (
              <li key={comment._id} className={comment.hidden ? 'rounded-xl bg-ink-50 p-3 opacity-70' : 'rounded-xl bg-ink-50 p-3'}>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                  <span className="font-semibold text-ink-900">{comment.author_name}</span>
                  <time dateTime={comment.created_at} className="text-ink-500">
                    {formatStamp(comment.created_at, timeZone)}
                  </time>
                  {comment.hidden && <Badge tone="grey">Hidden from others</Badge>}
                  {canManage && !comment.hidden && (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="ml-auto"
                      loading={hide.isPending && hide.variables === comment._id}
                      onClick={() => hide.mutate(comment._id)}
                      aria-label={`Hide the comment by ${comment.author_name}`}
                    >
                      Hide
                    </Button>
                  )}
                </div>
                <p className="mt-1 text-sm whitespace-pre-line text-ink-700">{comment.body}</p>
              </li>
            ))}
          </ul>
        )}
        {hide.isError && (
          <p role="alert" className="field-error mt-2">
            {hide.error.message}
          </p>
        )}
        <div className="mt-4">
          {canComment ? (
            writing ? (
              <Suspense fallback={null}>
                <CommentForm eventId={eventId} updateId={update._id} onCancel={() => setWriting(false)} />
              </Suspense>
            ) : (
              <Button variant="outline" size="sm" onClick={() => setWriting(true)}>
                Write a comment
              </Button>
            )
          ) : signedIn ? (
            <p className="text-sm text-ink-500">Only supporters of this campaign can comment.</p>
          ) : (
            <p className="text-sm text-ink-500">
              <Link to={paths.login} className="font-semibold underline">
                Log in
              </Link>{' '}
              to comment if you support this campaign.
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
