import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { paths } from '@/config/paths';
import { formatDollars, mediaUrl } from '@/lib/format';
import { PersonBlock } from '../person-block';
import { hostIdOf } from '../../lib/host-id';

/** About the host, then one block per participant (a runoff shows its options elsewhere). */
export function EventPeople({ event }: { event: EventDetailResponse }) {
  return (
    <>
      <PersonBlock
        name={event.host.full_name}
        role={event.host.about}
        about={event.host.about_you}
        email={event.host.contact_email}
        occupation={event.host.occupation}
        company={event.host.company_name}
        image={event.host.profile_image}
        hostPage={hostIdOf(event) ? paths.host(hostIdOf(event)!) : undefined}
      />
      {event.kind !== 'runoff' &&
        event.participants.map((person) => (
          <PersonBlock
            key={person._id}
            name={person.full_name}
            role={person.about}
            about={person.about_participant}
            occupation={person.occupation}
            company={person.company_name}
            image={person.profile_image_url}
            accepted={person.accepted}
          />
        ))}
    </>
  );
}

/** The beneficiary charity, with its logo and website, and on a charged campaign what reached it. */
export function CharityBlock({ event }: { event: EventDetailResponse }) {
  const charity = event.charity!;
  const charged = event.charged_amount ?? 0;
  const showsMoney = event.status === 'completed' && charged > 0;
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="charity-heading">
      <div className="flex items-center gap-4">
        {charity.logo && <img src={mediaUrl(charity.logo)} alt="" loading="lazy" className="size-16 rounded-xl object-contain" />}
        <div>
          <h2 id="charity-heading" className="text-lg font-semibold">
            Beneficiary: {charity.name}
          </h2>
          {!showsMoney && <p className="text-sm text-ink-600">Charged pledges, less fees, are passed on to this charity.</p>}
          {charity.link && (
            <a href={charity.link} target="_blank" rel="noopener noreferrer" className="text-sm font-semibold underline">
              Visit the charity's website
            </a>
          )}
        </div>
      </div>
      {showsMoney && <CharityMoney charged={charged} toCharity={event.to_charity ?? 0} passedOn={event.passed_on ?? 0} charityName={charity.name} />}
    </section>
  );
}

/** What was charged, what of it is for the charity after fees, and what a payout has passed on so far. */
function CharityMoney({ charged, toCharity, passedOn, charityName }: { charged: number; toCharity: number; passedOn: number; charityName: string }) {
  const note =
    passedOn <= 0
      ? `Not passed on yet: it goes to ${charityName} with its next payout.`
      : passedOn < toCharity
        ? `${formatDollars(passedOn)} has been passed on so far; the rest goes with ${charityName}'s next payout.`
        : `All of it has been passed on to ${charityName}.`;
  return (
    <div className="mt-4 border-t border-ink-100 pt-4">
      <dl className="grid gap-3 sm:grid-cols-3">
        <MoneyFact label="Charged" value={charged} />
        <MoneyFact label="For the charity, after fees" value={toCharity} />
        <MoneyFact label={`Passed on to ${charityName}`} value={passedOn} />
      </dl>
      <p className="mt-3 text-sm text-ink-600">{note}</p>
    </div>
  );
}

function MoneyFact({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl bg-ink-50 p-3">
      <dt className="text-xs font-semibold text-ink-500">{label}</dt>
      <dd className="font-display text-lg font-semibold text-ink-900">{formatDollars(value)}</dd>
    </div>
  );
}
