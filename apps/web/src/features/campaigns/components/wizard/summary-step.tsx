import type { ReactNode } from 'react';
import type { BasicInfoStepInput, EventDetailsStepInput, HostStepInput, ParticipantDraftInput } from '@pledgeway/domain/schemas/event-create';
import { FUNDING_MODEL_LABELS } from '@pledgeway/domain/schemas/event-create';
import { KIND_LABELS } from '@pledgeway/domain/campaign-kinds';
import { Avatar } from '@/components/ui/avatar';
import { formatDate, formatDollars, formatTime } from '@/lib/format';

interface SummaryStepProps {
  basic: BasicInfoStepInput;
  host: HostStepInput;
  participants: ParticipantDraftInput[];
  details: EventDetailsStepInput;
  charityName?: string;
  onEdit(step: number): void;
}

function Section({ title, step, onEdit, children }: { title: string; step: number; onEdit(step: number): void; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-ink-100 p-4 sm:p-6">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 className="text-lg font-semibold">{title}</h3>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onEdit(step)}>
          Edit<span className="sr-only"> {title}</span>
        </button>
      </div>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-1.5 sm:grid-cols-[11rem_1fr]">
      <dt className="text-sm font-semibold text-ink-500">{label}</dt>
      <dd className="min-w-0 text-ink-900">{children}</dd>
    </div>
  );
}

/** Step 4: everything entered so far, each section with a way back to change it. */
export function SummaryStep({ basic, host, participants, details, charityName, onEdit }: SummaryStepProps) {
  const target = Number(basic.targetAmount);
  const categories = Array.isArray(basic.categories) ? basic.categories : String(basic.categories ?? '').split(',');
  return (
    <div className="grid gap-4">
      <Section title="Create Event" step={0} onEdit={onEdit}>
        {basic.bannerImage && <img src={basic.bannerImage} alt="Banner preview" className="mb-4 aspect-[16/7] w-full rounded-xl object-cover" />}
        <dl>
          <Row label="Event name">{basic.eventName}</Row>
          <Row label="Campaign type">{KIND_LABELS[basic.kind ?? 'event']}</Row>
          <Row label="Categories">{categories.join(', ')}</Row>
          <Row label="Target amount">{Number.isFinite(target) ? formatDollars(target) : '—'}</Row>
          <Row label="Funding model">{FUNDING_MODEL_LABELS[basic.fundingModel ?? 'all_donations']}</Row>
          <Row label="Charity">{charityName ?? '—'}</Row>
          {basic.donationLimit ? <Row label="Donation limit">{formatDollars(Number(basic.donationLimit))}</Row> : null}
          <Row label="Start and duration">
            {basic.startDate ? formatDate(basic.startDate) : 'On approval'}, {String(basic.durationDays || 30)} days
          </Row>
          <Row label="Description">
            <span className="whitespace-pre-line">{basic.eventDescription}</span>
          </Row>
          <Row label="Document">{basic.documents?.[0]?.name ?? 'None'}</Row>
        </dl>
      </Section>
      <Section title="Biographies" step={1} onEdit={onEdit}>
        <div className="flex items-center gap-3">
          <Avatar src={host.profileImage || undefined} className="size-12" />
          <div>
            <p className="font-semibold">{host.fullName}</p>
            <p className="text-sm text-ink-500">
              {host.about} · {host.occupation}
              {host.companyName ? `, ${host.companyName}` : ''}
            </p>
          </div>
        </div>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {participants.map((person, index) => (
            <li key={`${person.fullName}-${index}`} className="flex items-center gap-3 rounded-xl bg-ink-50 p-3">
              <Avatar src={person.profileImage || undefined} className="size-10" />
              <div className="min-w-0">
                <p className="truncate font-semibold">{person.fullName}</p>
                <p className="truncate text-sm text-ink-500">{person.occupation}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Event Genre" step={2} onEdit={onEdit}>
        <dl>
          <Row label="Type">{details.locationType === 'virtual' ? 'Virtual' : 'Physical'}</Row>
          <Row label="Date and time">{details.eventDate ? `${formatDate(details.eventDate)} ${formatTime(details.eventTime)}` : 'Not set yet'}</Row>
          {details.locationType !== 'virtual' && <Row label="Location">{details.eventLocation || 'Not set yet'}</Row>}
          <Row label="Online link">{details.onlineEventLink || (details.locationType === 'virtual' ? 'Not set yet' : 'None')}</Row>
        </dl>
      </Section>
    </div>
  );
}
