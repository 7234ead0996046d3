import type { AdminReviewDetail } from '@pledgeway/domain/schemas/admin';
import type { ReactNode } from 'react';
import { PledgeStatusBadge } from '@/components/pledge';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatBytes, mediaUrl } from '@/lib/format';
import { formatDateTime, formatDollars, formatShortDate, KIND_LABELS, waitingFor } from '../lib/format';

const IDENTITY_TONES = { verified: 'green', pending: 'yellow', failed: 'red', unverified: 'grey' } as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[11rem_1fr]">
      <dt className="text-sm font-medium text-ink-600">{label}</dt>
      <dd className="min-w-0 text-ink-900">{children}</dd>
    </div>
  );
}

/** The campaign as submitted: text, money, dates, place and charity. */
function Submission({ review }: { review: AdminReviewDetail }) {
  const { event } = review;
  return (
    <Card>
      <h2 className="font-display text-xl font-semibold text-ink-900">{event.name}</h2>
      <p className="mt-1 text-sm text-ink-600">
        {KIND_LABELS[event.kind]} · waiting {waitingFor(review.waiting_since)} · submitted {formatDateTime(review.waiting_since)}
      </p>
      {event.rejection_reason && (
        <p className="mt-3 rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
          Resubmitted after a rejection: <q>{event.rejection_reason}</q>
        </p>
      )}
      <dl className="mt-4 divide-y divide-ink-100">
        <Row label="Description">
          <p className="whitespace-pre-line">{event.description}</p>
        </Row>
        <Row label="Categories">{event.categories.length ? event.categories.join(', ') : '—'}</Row>
        <Row label="Target">
          {formatDollars(event.target_amount)} · {event.funding_model === 'all_or_nothing' ? 'All or Nothing' : 'All Donations'}
          {event.donation_limit !== null && ` · limit ${formatDollars(event.donation_limit)} per pledge`}
        </Row>
        <Row label="Date">
          {formatShortDate(event.event_date)} {event.event_time}
          {event.start_date && ` · starts ${formatShortDate(event.start_date)}`}
          {event.duration_days && ` · ${event.duration_days} days`}
        </Row>
        <Row label="Location">{event.location_type === 'virtual' ? event.online_event_link || 'Online' : event.event_location || '—'}</Row>
        <Row label="Charity">{event.charity ? event.charity.name : <span className="text-danger-600">None chosen</span>}</Row>
      </dl>
    </Card>
  );
}

/** Who created it, whether their identity is verified and their account open. */
function Creator({ owner }: { owner: AdminReviewDetail['owner'] }) {
  return (
    <Card>
      <h3 className="font-display font-semibold text-ink-900">Creator</h3>
      <dl className="mt-2 divide-y divide-ink-100">
        <Row label="Name">{owner.name}</Row>
        <Row label="E-mail">{owner.email}</Row>
        <Row label="Identity">
          <Badge tone={IDENTITY_TONES[owner.identity_status]}>{owner.identity_status}</Badge>
          {owner.disabled && (
            <Badge tone="red" className="ml-2">
              account disabled
            </Badge>
          )}
        </Row>
      </dl>
    </Card>
  );
}

/** The creator's funding payment and its state. */
function Funding({ funding }: { funding: AdminReviewDetail['funding'] }) {
  return (
    <Card>
      <h3 className="font-display font-semibold text-ink-900">Funding payment</h3>
      {funding ? (
        <dl className="mt-2 divide-y divide-ink-100">
          <Row label="Amount">{formatDollars(funding.amount)}</Row>
          <Row label="State">
            <PledgeStatusBadge status={funding.status} />
            {funding.failure_reason && <span className="ml-2 text-sm text-danger-600">{funding.failure_reason}</span>}
          </Row>
          <Row label="Made">{formatDateTime(funding.created_at)}</Row>
        </dl>
      ) : (
        <p className="mt-2 text-danger-600">No funding payment was made.</p>
      )}
    </Card>
  );
}

/** The invited participants and whether each accepted. */
function Participants({ event }: { event: AdminReviewDetail['event'] }) {
  return (
    <Card>
      <h3 className="font-display font-semibold text-ink-900">Participants ({event.participants.length})</h3>
      {event.participants.length ? (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {event.participants.map((person) => (
            <li key={person._id} className="flex min-w-0 gap-3 rounded-xl bg-ink-50 p-3">
              {person.profile_image_url && <img src={mediaUrl(person.profile_image_url)} alt="" className="size-10 rounded-full object-cover" />}
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-ink-900">{person.full_name}</p>
                <p className="truncate text-ink-600">{[person.occupation, person.company_name, person.email].filter(Boolean).join(' · ')}</p>
                <p className="text-ink-600">{person.accepted ? 'Accepted' : 'Not yet accepted'}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-ink-600">No participants.</p>
      )}
    </Card>
  );
}

/** The supporting documents, each opened in a new tab. */
function Documents({ event }: { event: AdminReviewDetail['event'] }) {
  return (
    <Card>
      <h3 className="font-display font-semibold text-ink-900">Documents ({event.documents.length})</h3>
      {event.documents.length ? (
        <ul className="mt-2 space-y-1">
          {event.documents.map((document) => (
            <li key={document._id}>
              <a href={document.url} target="_blank" rel="noopener noreferrer" className="text-sky-800 underline underline-offset-2">
                {document.original_name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <span className="ml-2 text-sm text-ink-600">{formatBytes(document.size)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-ink-600">No documents.</p>
      )}
    </Card>
  );
}

/** Everything a creator submitted, in the order a reviewer checks it. */
export function ReviewDetail({ review }: { review: AdminReviewDetail }) {
  const { event, owner, funding } = review;
  return (
    <div className="space-y-5">
      {event.banner_image_url && (
        <img src={mediaUrl(event.banner_image_url)} alt={`Banner of ${event.name}`} className="aspect-[21/9] w-full rounded-2xl bg-ink-100 object-cover" />
      )}
      <Submission review={review} />
      <div className="grid gap-5 lg:grid-cols-2">
        <Creator owner={owner} />
        <Funding funding={funding} />
      </div>
      <Participants event={event} />
      <Documents event={event} />
    </div>
  );
}
