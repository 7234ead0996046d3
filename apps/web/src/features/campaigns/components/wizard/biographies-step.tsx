import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { HostStep as HostOutput, HostStepInput, ParticipantDraftInput } from '@pledgeway/domain/schemas/event-create';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import { Avatar } from '@/components/ui/avatar';
import { Field } from '@/components/ui/field';
import { ChevronDownIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Input, Textarea } from '@/components/ui/input';
import { ImagePicker } from '../image-picker';
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
  const { register, control, formState } = hostForm;
  const errors = formState.errors;
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
      <section aria-labelledby="host-heading" className="grid gap-4">
        <h3 id="host-heading" className="text-lg font-semibold">
          About the host
        </h3>
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="About (title)" required error={errors.about?.message} hint="For example Organizer.">
            <Input {...register('about')} placeholder="Organizer" />
          </Field>
          <Field label="Full name" hint="From your profile.">
            <Input {...register('fullName')} readOnly aria-readonly="true" className="bg-ink-50" />
          </Field>
          <Field label="Email" hint="From your profile.">
            <Input {...register('email')} readOnly aria-readonly="true" className="bg-ink-50" />
          </Field>
          <Field label="Occupation" required error={errors.occupation?.message}>
            <Input {...register('occupation')} />
          </Field>
          <Field label="Company name" error={errors.companyName?.message}>
            <Input {...register('companyName')} />
          </Field>
          <Controller
            control={control}
            name="profileImage"
            render={({ field }) => (
              <ImagePicker
                label="Host image"
                value={field.value ?? ''}
                maxWidth={600}
                onChange={(dataUrl) => {
                  field.onChange(dataUrl);
                  toast.success(EVENT_MESSAGES.hostImageUpdated);
                }}
              />
            )}
          />
          <Field className="md:col-span-2" label="About you" error={errors.aboutYou?.message}>
            <Textarea rows={3} {...register('aboutYou')} />
          </Field>
        </div>
      </section>

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
            {participants.map((person, index) => {
              const open = expanded === index;
              return (
                <li key={`${person.fullName}-${index}`} className="rounded-2xl border border-ink-100 bg-white">
                  <div className="flex items-center gap-3 p-3">
                    <Avatar src={person.profileImage || undefined} className="size-12" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold text-ink-900">{person.fullName}</p>
                      <p className="truncate text-sm text-ink-500">
                        {person.about} · {person.occupation}
                      </p>
                    </div>
                    <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} onClick={() => setExpanded(open ? null : index)}>
                      {open ? 'Collapse' : 'Expand'}
                      <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="grid size-10 place-items-center rounded-full text-danger-600 hover:bg-red-50"
                      aria-label={`Remove ${person.fullName}`}
                      onClick={() => onParticipantsChange(participants.filter((_, i) => i !== index))}
                    >
                      <TrashIcon className="size-5" />
                    </button>
                  </div>
                  {open && (
                    <div className="grid gap-3 border-t border-ink-100 p-4 text-sm md:grid-cols-[1fr_auto]">
                      <dl className="grid gap-1">
                        {person.email && (
                          <div>
                            <dt className="inline font-semibold">Email: </dt>
                            <dd className="inline">{person.email}</dd>
                          </div>
                        )}
                        {person.companyName && (
                          <div>
                            <dt className="inline font-semibold">Company: </dt>
                            <dd className="inline">{person.companyName}</dd>
                          </div>
                        )}
                        <div>
                          <dt className="inline font-semibold">About: </dt>
                          <dd className="inline">{person.aboutParticipant}</dd>
                        </div>
                      </dl>
                      <ImagePicker
                        label={`Image of ${person.fullName}`}
                        value={person.profileImage ?? ''}
                        maxWidth={600}
                        onChange={(dataUrl) => {
                          onParticipantsChange(participants.map((item, i) => (i === index ? { ...item, profileImage: dataUrl } : item)));
                          toast.success(EVENT_MESSAGES.participantImageUpdated);
                        }}
                      />
                    </div>
                  )}
                </li>
              );
            })}
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
