import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { mediaUrl } from '@/lib/format';

interface PersonBlockProps {
  name: string;
  role?: string;
  about?: string;
  /** The host's chosen public contact e-mail; no other e-mail is ever passed here (decision 155). */
  email?: string;
  occupation?: string;
  company?: string;
  image?: string;
  accepted?: boolean;
  /** The host's public page (Platform Building): "See all campaigns by this host". */
  hostPage?: string;
}

/** "About {name}": one per host and per participant on the public campaign page. */
export function PersonBlock({ name, role, about, email, occupation, company, image, accepted, hostPage }: PersonBlockProps) {
  return (
    <section className="card p-5 [overflow-wrap:anywhere] sm:p-6" aria-label={`About ${name}`}>
      <div className="flex items-start gap-4">
        <Avatar src={mediaUrl(image) || undefined} className="size-16 shrink-0" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold">About {name}</h2>
            {accepted !== undefined && (accepted ? <Badge tone="green">Accepted</Badge> : <Badge tone="grey">Invited</Badge>)}
          </div>
          {role && <p className="text-sm font-semibold text-brand-700">{role}</p>}
          <dl className="mt-2 grid gap-1 text-sm text-ink-600">
            {occupation && (
              <div>
                <dt className="inline font-semibold text-ink-800">Occupation: </dt>
                <dd className="inline">{occupation}</dd>
              </div>
            )}
            {company && (
              <div>
                <dt className="inline font-semibold text-ink-800">Company: </dt>
                <dd className="inline">{company}</dd>
              </div>
            )}
            {email && (
              <div>
                <dt className="inline font-semibold text-ink-800">Contact: </dt>
                <dd className="inline">
                  <a className="underline" href={`mailto:${email}`}>
                    {email}
                  </a>
                </dd>
              </div>
            )}
          </dl>
          {about && <p className="mt-3 whitespace-pre-line text-ink-700">{about}</p>}
          {hostPage && (
            <Link to={hostPage} className="mt-3 inline-block text-sm font-semibold underline">
              See all campaigns by this host
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
