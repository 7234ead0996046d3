import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { ParticipantDraft, RunoffOptionDraft, type ParticipantDraftInput } from '@pledgeway/domain/schemas/event-create';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ImagePicker } from '../image-picker';

export const EMPTY_PARTICIPANT: ParticipantDraftInput = {
  about: '',
  fullName: '',
  email: '',
  occupation: '',
  companyName: '',
  aboutParticipant: '',
  profileImage: '',
};

interface ParticipantFormProps {
  index: number;
  onAdd(participant: ParticipantDraftInput): void;
  onRemove?(): void;
  /** A runoff option: name, description and image; the person fields are left out. */
  isRunoff?: boolean;
}

/** One participant form: validated on submit, then moved into the added list and cleared. */
export function ParticipantForm({ index, onAdd, onRemove, isRunoff = false }: ParticipantFormProps) {
  const form = useForm<ParticipantDraftInput, unknown, ParticipantDraft>({
    // A runoff option's output has every field a participant has (the person fields as '').
    resolver: (isRunoff ? zodResolver(RunoffOptionDraft) : zodResolver(ParticipantDraft)) as Resolver<ParticipantDraftInput, unknown, ParticipantDraft>,
    mode: 'onTouched',
    defaultValues: EMPTY_PARTICIPANT,
  });
  const { register, control, formState } = form;
  const errors = formState.errors;

  const submit = form.handleSubmit(
    (values) => {
      onAdd({ ...values });
      form.reset(EMPTY_PARTICIPANT);
      toast.success(EVENT_MESSAGES.participantAdded);
    },
    () => toast.error(EVENT_MESSAGES.participantsFillAll),
  );

  return (
    <section
      className="rounded-2xl border border-dashed border-ink-200 bg-ink-50/50 p-4 sm:p-6"
      aria-label={`${isRunoff ? 'Option' : 'Participant'} form ${index + 1}`}
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h4 className="text-base font-semibold">{isRunoff ? 'New option' : 'New participant'}</h4>
        {onRemove && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
            Remove form
          </button>
        )}
      </div>
      {isRunoff ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Option name" required error={errors.fullName?.message} hint="A person, a place or a thing.">
            <Input {...register('fullName')} autoComplete="off" />
          </Field>
          <Controller
            control={control}
            name="profileImage"
            render={({ field }) => (
              <ImagePicker
                label="Image"
                value={field.value ?? ''}
                onChange={(dataUrl) => field.onChange(dataUrl)}
                maxWidth={600}
                error={errors.profileImage?.message}
              />
            )}
          />
          <Field className="md:col-span-2" label="Description" required error={errors.aboutParticipant?.message}>
            <Textarea rows={3} {...register('aboutParticipant')} />
          </Field>
        </div>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="About (role)" required error={errors.about?.message}>
            <Input {...register('about')} placeholder="e.g. Guest speaker" />
          </Field>
          <Field label="Full name" required error={errors.fullName?.message}>
            <Input {...register('fullName')} autoComplete="off" />
          </Field>
          <Field label="Email" required error={errors.email?.message}>
            <Input type="email" {...register('email')} autoComplete="off" />
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
                label="Profile image"
                value={field.value ?? ''}
                onChange={(dataUrl) => field.onChange(dataUrl)}
                maxWidth={600}
                error={errors.profileImage?.message}
              />
            )}
          />
          <Field className="md:col-span-2" label="About the participant" required error={errors.aboutParticipant?.message}>
            <Textarea rows={3} {...register('aboutParticipant')} />
          </Field>
        </div>
      )}
      <div className="mt-4 flex justify-end">
        <button type="button" className="btn btn-dark" onClick={() => void submit()}>
          {isRunoff ? 'Add option' : 'Add participant'}
        </button>
      </div>
    </section>
  );
}
