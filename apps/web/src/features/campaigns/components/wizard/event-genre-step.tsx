import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { EventDetailsStep as DetailsOutput, EventDetailsStepInput } from '@pledgeway/domain/schemas/event-create';
import { todayIso } from '@pledgeway/domain/dates';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LocationTypeRadios } from '../location-type-radios';

export function EventGenreStep({ form }: { form: UseFormReturn<EventDetailsStepInput, unknown, DetailsOutput> }) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const type = useWatch({ control, name: 'locationType' });
  return (
    <div className="grid gap-6">
      <LocationTypeRadios registration={register('locationType')} />
      <div className="grid gap-6 md:grid-cols-2">
        <Field label="Event date" error={errors.eventDate?.message}>
          <Input type="date" min={todayIso()} {...register('eventDate')} />
        </Field>
        <Field label="Event time" error={errors.eventTime?.message}>
          <Input type="time" {...register('eventTime')} />
        </Field>
      </div>
      {type === 'physical' && (
        <Field label="Event location" error={errors.eventLocation?.message} hint="Street address, venue or city.">
          <Input {...register('eventLocation')} autoComplete="street-address" />
        </Field>
      )}
      <Field
        label={type === 'physical' ? 'Online event link (optional)' : 'Online event link'}
        error={errors.onlineEventLink?.message}
        hint={type === 'physical' ? 'A live stream, if there is one.' : 'The meeting or stream address, starting with https://'}
      >
        <Input type="url" inputMode="url" placeholder="https://" {...register('onlineEventLink')} />
      </Field>
      <p className="rounded-xl bg-ink-50 p-4 text-sm text-ink-600">
        This step may be skipped for now, but the event date and time are needed before the campaign is submitted.
      </p>
    </div>
  );
}
