import { Controller, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { HostStep as HostOutput, HostStepInput } from '@pledgeway/domain/schemas/event-create';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ImagePicker } from '../image-picker';

/** The host's part of the biographies step; name and e-mail come from the profile and stay read-only. */
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
  );
}
