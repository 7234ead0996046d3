import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { HostStep as HostOutput, HostStepInput, ParticipantDraftInput } from '@pledgeway/domain/schemas/event-create';
import { PlusIcon } from '@/components/ui/icons';
import { AddedParticipantItem } from './added-participant-item';
import { HostFields } from './person-fields';
import { ParticipantForm } from './participant-form';

interface BiographiesStepProps {
  hostForm: UseFormReturn<HostStepInput, unknown, HostOutput>;
  participants: ParticipantDraftInput[];
  onParticipantsChange(next: ParticipantDraftInput[]): void;
  participantsError?: string;
  /** A runoff's participants are its options: a name, a description and an image. */
  isRunoff?: boolean;
}

let formKey = 0;

export function BiographiesStep({ hostForm, participants, onParticipantsChange, participantsError, isRunoff = false }: BiographiesStepProps) {
  const [forms, setForms] = useState<number[]>(() => [formKey++]);
  const [expanded, setExpanded] = useState<number | null>(null);

  function added(formId: number, participant: ParticipantDraftInput) {
    onParticipantsChange([...participants, participant]);
    // The submitted form goes away; a fresh one appears when it was the last.
    setForms((current) => {
      const rest = current.filter((id) => id !== formId);
      return rest.length ? rest : [formKey++];
    });
  }

  return (
    <div className="grid gap-8">
      <HostFields hostForm={hostForm} />

      <section aria-labelledby="participants-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="participants-heading" className="text-lg font-semibold">
            {isRunoff ? 'Runoff options, 2 to 8' : 'Participants'} <span className="text-ink-500">({participants.length})</span>
          </h3>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setForms((current) => [...current, formKey++])}>
            <PlusIcon className="size-4" aria-hidden="true" /> Add another form
          </button>
        </div>
        {participantsError && (
          <p className="field-error" role="alert">
            {participantsError}
          </p>
        )}
        {participants.length > 0 && (
          <ul className="grid gap-3" aria-label="Added participants">
            {participants.map((person, index) => (
              <AddedParticipantItem
                key={`${person.fullName}-${index}`}
                person={person}
                open={expanded === index}
                onToggle={() => setExpanded(expanded === index ? null : index)}
                onRemove={() => onParticipantsChange(participants.filter((_, i) => i !== index))}
                onImageChange={(dataUrl) => onParticipantsChange(participants.map((item, i) => (i === index ? { ...item, profileImage: dataUrl } : item)))}
              />
            ))}
          </ul>
        )}
        {forms.map((id, index) => (
          <ParticipantForm
            key={id}
            index={index}
            isRunoff={isRunoff}
            onAdd={(person) => added(id, person)}
            onRemove={forms.length > 1 ? () => setForms((current) => current.filter((item) => item !== id)) : undefined}
          />
        ))}
      </section>
    </div>
  );
}
