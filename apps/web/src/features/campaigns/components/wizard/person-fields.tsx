import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { HostStep as HostOutput, HostStepInput, ParticipantDraft, ParticipantDraftInput } from '@pledgeway/domain/schemas/event-create';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ProfileImageField } from '../campaign-fields';

type ParticipantDraftForm = UseFormReturn<ParticipantDraftInput, unknown, ParticipantDraft>;

interface WorkFieldsProps {
  occupation: UseFormRegisterReturn;
  companyName: UseFormRegisterReturn;
  errors: { occupation?: { message?: string }; companyName?: { message?: string } };
}

/** What a person (the host or a participant) does: occupation, required, and company. */
function WorkFields({ occupation, companyName, errors }: WorkFieldsProps) {
  return (
    <>
      <Field label="Occupation" required error={errors.occupation?.message}>
        <Input {...occupation} />
      </Field>
      <Field label="Company name" error={errors.companyName?.message}>
        <Input {...companyName} />
      </Field>
    </>
  );
}

/**
 * The host's part of the biographies step; name and e-mail come from the profile and stay read-only.
 * The account e-mail is never shown publicly: a contact e-mail for the page is a choice of its own (decision 155).
 */
export function HostFields({ hostForm }: { hostForm: UseFormReturn<HostStepInput, unknown, HostOutput> }) {
  const { register, control, formState } = hostForm;
  const errors = formState.errors;
  return (
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
        <Field label="Email" hint="From your profile. Not shown on the campaign page.">
          <Input {...register('email')} readOnly aria-readonly="true" className="bg-ink-50" />
        </Field>
        <Field
          className="md:col-span-2"
          label="Public contact e-mail (optional)"
          error={errors.contactEmail?.message}
          hint="Shown in the About block of the campaign page for supporters to write to. Leave it empty to show no e-mail."
        >
          <Input type="email" {...register('contactEmail')} autoComplete="off" placeholder="e.g. team@yourclub.org" />
        </Field>
        <WorkFields occupation={register('occupation')} companyName={register('companyName')} errors={errors} />
        <ProfileImageField control={control} name="profileImage" label="Host image" onPicked={() => toast.success(EVENT_MESSAGES.hostImageUpdated)} />
        <Field className="md:col-span-2" label="About you" error={errors.aboutYou?.message}>
          <Textarea rows={3} {...register('aboutYou')} />
        </Field>
      </div>
    </section>
  );
}

/** A runoff option: a name, an image and a description. */
export function RunoffOptionFields({ form }: { form: ParticipantDraftForm }) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Field label="Option name" required error={errors.fullName?.message} hint="A person, a place or a thing.">
        <Input {...register('fullName')} autoComplete="off" />
      </Field>
      <ProfileImageField control={control} name="profileImage" label="Image" error={errors.profileImage?.message} />
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
      <WorkFields occupation={register('occupation')} companyName={register('companyName')} errors={errors} />
      <ProfileImageField control={control} name="profileImage" label="Profile image" error={errors.profileImage?.message} />
      <Field className="md:col-span-2" label="About the participant" required error={errors.aboutParticipant?.message}>
        <Textarea rows={3} {...register('aboutParticipant')} />
      </Field>
    </div>
  );
}
