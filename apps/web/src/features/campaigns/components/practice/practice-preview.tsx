import type { PracticeBasicInfoInput, PracticeHostInput, PracticeParticipantInput } from '@pledgeway/domain/schemas/practice';
import type { EventDetailsStepInput } from '@pledgeway/domain/schemas/event-create';
import { formatDollars } from '@pledgeway/domain/money';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { HeartHandIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatDate, formatTime } from '@/lib/format';

interface PracticePreviewProps {
  basic: PracticeBasicInfoInput;
  host: PracticeHostInput;
  participants: PracticeParticipantInput[];
  details: EventDetailsStepInput;
}

/** What the campaign page would look like: $0 raised, 0%, a Pledge Now button that does nothing. */
export function PracticePreview({ basic, host, participants, details }: PracticePreviewProps) {
  const categories = Array.isArray(basic.categories) ? basic.categories : [];
  const target = Number(basic.targetAmount) || 0;
  const virtual = details.locationType === 'virtual';
  return (
    <div className="grid gap-6">
      <Alert tone="info" title="Preview only">
        This is a practice campaign. None of it is saved, and nothing has been sent to Pledgeway.
      </Alert>
      {basic.bannerImage && <img src={basic.bannerImage} alt="Campaign banner" className="aspect-[16/7] w-full rounded-2xl object-cover" />}
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div>
          <div className="flex flex-wrap gap-2">
            {categories.map((category) => (
              <span key={category} className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold">
                {category}
              </span>
            ))}
          </div>
          <h2 className="mt-3 text-3xl font-bold">{basic.eventName}</h2>
          <p className="mt-3 whitespace-pre-line text-ink-700">{basic.eventDescription}</p>
          <dl className="mt-5 grid gap-3 rounded-2xl bg-ink-50 p-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-semibold text-ink-500">Date and time</dt>
              <dd>{details.eventDate ? `${formatDate(details.eventDate)} ${formatTime(details.eventTime)}` : 'Not defined'}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-sm font-semibold text-ink-500">{virtual ? 'Online event' : 'Location'}</dt>
              <dd>
                {virtual ? (
                  details.onlineEventLink ? (
                    <a href={details.onlineEventLink} className="underline" target="_blank" rel="noreferrer">
                      {details.onlineEventLink}
                    </a>
                  ) : (
                    'Not defined'
                  )
                ) : (
                  details.eventLocation || 'Not defined'
                )}
              </dd>
            </div>
          </dl>
          <section className="mt-6 grid gap-3" aria-label="Host and participants">
            <div className="card flex gap-4 p-5">
              <Avatar src={host.profileImage || undefined} className="size-14 shrink-0" />
              <div>
                <h3 className="text-lg font-semibold">About {host.fullName}</h3>
                <p className="text-sm font-semibold text-brand-700">
                  {host.about} · {host.occupation}
                </p>
                {host.aboutYou && <p className="mt-2 whitespace-pre-line text-ink-700">{host.aboutYou}</p>}
              </div>
            </div>
            {participants.map((person, index) => (
              <div key={`${person.fullName}-${index}`} className="card flex items-center gap-4 p-4">
                <Avatar src={person.profileImage || undefined} className="size-12 shrink-0" />
                <div>
                  <p className="font-semibold">{person.fullName}</p>
                  <p className="text-sm text-ink-500">{person.about}</p>
                </div>
              </div>
            ))}
          </section>
        </div>
        <PracticePledgeCard target={target} />
      </div>
    </div>
  );
}

/** The pledge box of the preview: nothing raised, and a Pledge Now button that does nothing. */
function PracticePledgeCard({ target }: { target: number }) {
  return (
    <aside className="card grid content-start gap-3 p-5">
      <p>
        <span className="text-2xl font-bold">$0</span>
        <span className="text-ink-500"> raised of {formatDollars(target)} goal</span>
      </p>
      <ProgressBar value={0} label="Raised toward the goal" valueText="0% funded" />
      <p className="text-sm font-semibold">0%</p>
      <button type="button" className="btn btn-primary w-full" onClick={() => undefined} aria-describedby="practice-pledge-note">
        <HeartHandIcon className="size-5" aria-hidden="true" /> Pledge Now
      </button>
      <p id="practice-pledge-note" className="text-xs text-ink-500">
        In a practice preview the button does nothing.
      </p>
    </aside>
  );
}
