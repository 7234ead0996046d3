import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { CharityResponse } from '@pledgeway/domain/schemas/public';
import { ExternalLinkIcon } from '@/components/ui/icons';
import { formatDollars, mediaUrl } from '@/lib/format';

/** Logo, name, what Pledgeway has passed on to it, and Donate Now: an external link in a new tab only when the charity has one. */
export function CharityCard({ charity }: { charity: CharityResponse }) {
  const noteId = useId();
  return (
    <article className="card flex h-full flex-col items-center p-6 text-center">
      <img src={mediaUrl(charity.logo)} alt={`${charity.name} logo`} width={120} height={120} loading="lazy" className="size-28 rounded-full object-contain" />
      <h4 className="mt-4 text-base leading-snug font-semibold">{charity.name}</h4>
      {charity.description && <p className="mt-2 line-clamp-3 text-sm text-ink-600">{charity.description}</p>}
      <p className="mt-3 text-sm text-ink-700">
        Passed on through Pledgeway: <span className="font-semibold text-ink-900">{formatDollars(charity.passed_on)}</span>
      </p>
      <div className="mt-auto w-full pt-5">
        {charity.link ? (
          <a
            href={charity.link}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-primary w-full"
            aria-label={`Donate Now to ${charity.name} (opens in a new tab)`}
          >
            Donate Now <ExternalLinkIcon size={16} />
          </a>
        ) : (
          <>
            <button type="button" disabled className="btn btn-primary w-full" aria-describedby={noteId}>
              Donate Now
            </button>
            <p id={noteId} className="mt-2 text-xs text-ink-500">
              This charity has no online donation page yet.
            </p>
          </>
        )}
        <Link to={paths.user.givingStart(charity._id)} className="btn btn-outline mt-3 w-full" aria-label={`Give monthly to ${charity.name}`}>
          Give monthly
        </Link>
      </div>
    </article>
  );
}
