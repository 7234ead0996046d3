import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { paths } from '@/config/paths';
import { mediaUrl } from '@/lib/format';
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
        email={event.host.email}
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
            email={person.email}
            occupation={person.occupation}
            company={person.company_name}
            image={person.profile_image_url}
            accepted={person.accepted}
          />
        ))}
    </>
  );
}

/** The beneficiary charity, with its logo and website. */
export function CharityBlock({ charity }: { charity: NonNullable<EventDetailResponse['charity']> }) {
  return (
    <section className="card flex items-center gap-4 p-5 sm:p-6" aria-labelledby="charity-heading">
      {charity.logo && <img src={mediaUrl(charity.logo)} alt="" loading="lazy" className="size-16 rounded-xl object-contain" />}
      <div>
        <h2 id="charity-heading" className="text-lg font-semibold">
          Beneficiary: {charity.name}
        </h2>
        <p className="text-sm text-ink-600">Charged pledges, less fees, are passed on to this charity.</p>
        {charity.link && (
          <a href={charity.link} target="_blank" rel="noopener noreferrer" className="text-sm font-semibold underline">
            Visit the charity's website
          </a>
        )}
      </div>
    </section>
  );
}
