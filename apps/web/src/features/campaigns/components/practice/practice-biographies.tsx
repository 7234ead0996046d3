import type { Dispatch, SetStateAction } from 'react';
import { toast } from 'sonner';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import type { PracticeParticipantInput } from '@pledgeway/domain/schemas/practice';
import { Avatar } from '@/components/ui/avatar';
import { Field } from '@/components/ui/field';
import { TrashIcon } from '@/components/ui/icons';
import { Input, Textarea } from '@/components/ui/input';
import { ProfileImageField } from '../campaign-fields';
import type { PracticeForms } from './use-practice-forms';

interface PracticeBiographiesProps {
  host: PracticeForms['host'];
  guest: PracticeForms['guest'];
  participants: PracticeParticipantInput[];
  onParticipantsChange: Dispatch<SetStateAction<PracticeParticipantInput[]>>;
}

/** Step 2 of the practice campaign: the host, then the participants added one by one. */
export function PracticeBiographies({ host, guest, participants, onParticipantsChange }: PracticeBiographiesProps) {
  const he = host.formState.errors;
  return (
    <div className="grid gap-8">
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Your full name" required error={he.fullName?.message}>
          <Input {...host.register('fullName')} />
        </Field>
        <Field label="About (title)" required error={he.about?.message}>
          <Input placeholder="Organizer" {...host.register('about')} />
        </Field>
        <Field label="Occupation" required error={he.occupation?.message}>
          <Input {...host.register('occupation')} />
        </Field>
        <ProfileImageField control={host.control} name="profileImage" label="Your image" />
        <Field className="md:col-span-2" label="About you">
          <Textarea rows={3} {...host.register('aboutYou')} />
        </Field>
      </div>
      <PracticeParticipants guest={guest} participants={participants} onParticipantsChange={onParticipantsChange} />
    </div>
  );
}

function PracticeParticipants({ guest, participants, onParticipantsChange }: Omit<PracticeBiographiesProps, 'host'>) {
  const ge = guest.formState.errors;
  const addGuest = guest.handleSubmit(
    (values) => {
      onParticipantsChange((current) => [...current, values]);
      guest.reset();
      toast.success(EVENT_MESSAGES.participantAdded);
    },
    () => toast.error(EVENT_MESSAGES.participantsFillAll),
  );
  return (
    <section aria-labelledby="practice-people" className="grid gap-4">
      <h3 id="practice-people" className="text-lg font-semibold">
        Participants ({participants.length})
      </h3>
      {participants.map((person, index) => (
        <div key={`${person.fullName}-${index}`} className="flex items-center gap-3 rounded-xl border border-ink-100 p-3">
          <Avatar src={person.profileImage || undefined} className="size-10" />
          <span className="flex-1 font-semibold">
            {person.fullName} <span className="font-normal text-ink-500">· {person.about}</span>
          </span>
          <button
            type="button"
            aria-label={`Remove ${person.fullName}`}
            className="grid size-10 place-items-center rounded-full text-danger-600 hover:bg-red-50"
            onClick={() => onParticipantsChange(participants.filter((_, i) => i !== index))}
          >
            <TrashIcon className="size-5" />
          </button>
        </div>
      ))}
      <div className="grid gap-4 rounded-2xl border border-dashed border-ink-200 p-4 md:grid-cols-2">
        <Field label="Participant name" required error={ge.fullName?.message}>
          <Input {...guest.register('fullName')} />
        </Field>
        <Field label="About (role)" required error={ge.about?.message}>
          <Input {...guest.register('about')} />
        </Field>
        <ProfileImageField control={guest.control} name="profileImage" label="Participant image" />
        <div className="flex items-end justify-end">
          <button type="button" className="btn btn-dark" onClick={() => void addGuest()}>
            Add participant
          </button>
        </div>
      </div>
    </section>
  );
}
