import { Controller, type UseFormReturn } from 'react-hook-form';
import type { ParticipantDraft, ParticipantDraftInput } from '@pledgeway/domain/schemas/event-create';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ImagePicker } from '../image-picker';

type ParticipantDraftForm = UseFormReturn<ParticipantDraftInput, unknown, ParticipantDraft>;

/** A runoff option: a name, an image and a description. */
export function RunoffOptionFields({ form }: { form: ParticipantDraftForm }) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
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
  );
}

/** A person taking part: role, name, e-mail, work, image and a few words about them. */
export function ParticipantPersonFields({ form }: { form: ParticipantDraftForm }) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
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
  );
}
