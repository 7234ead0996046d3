import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import type { CreateMatchRequestInput } from '@pledgeway/domain/schemas/matching';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';

/** The terms of a match: ratio, cap, the name shown (or anonymity), an optional window, and a runoff's option. */
export function MatchTermsFields({ form, event }: { form: UseFormReturn<CreateMatchRequestInput>; event: EventDetailResponse }) {
  const { errors } = form.formState;
  // Controlled: a radio's value is text, and the request's ratio is a number.
  const ratioChosen = useWatch({ control: form.control, name: 'ratio' });
  const anonymous = useWatch({ control: form.control, name: 'anonymous' }) ?? false;
  return (
    <>
      <fieldset>
        <legend className="label">Match</legend>
        <div className="flex flex-wrap gap-4">
          {[1, 2].map((ratio) => (
            <label key={ratio} className="flex items-center gap-2">
              <input
                type="radio"
                name="ratio"
                value={ratio}
                checked={ratioChosen === ratio}
                onChange={() => form.setValue('ratio', ratio, { shouldValidate: form.formState.isSubmitted })}
              />
              {ratio === 1 ? '1:1 (every dollar matched)' : '2:1 (every dollar doubled)'}
            </label>
          ))}
        </div>
        {errors.ratio && <p className="field-error">{errors.ratio.message}</p>}
      </fieldset>
      <Field label="Cap (USD)" required error={errors.cap?.message} hint="The most your match can be: from $1 to $50,000.">
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder="1000"
          {...form.register('cap', { setValueAs: (value: string) => (value === '' ? undefined : Number(value)) })}
        />
      </Field>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-1 size-4" {...form.register('anonymous')} />
        <span>Match anonymously (shown as “Anonymous”, like an anonymous pledge)</span>
      </label>
      {!anonymous && (
        <Field
          label="Name shown on the campaign"
          required
          error={errors.sponsor_name?.message}
          hint="e.g. your company: “Matched by Acme Foods”. Only this name is shown in public, never your account’s."
        >
          <Input autoComplete="organization" {...form.register('sponsor_name')} />
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Window starts (optional)" error={errors.starts_at?.message} hint="Only pledges made from then are matched.">
          <Input type="datetime-local" {...form.register('starts_at')} />
        </Field>
        <Field label="Window ends (optional)" error={errors.ends_at?.message} hint="e.g. “every dollar doubled until 8 PM”.">
          <Input type="datetime-local" {...form.register('ends_at')} />
        </Field>
      </div>
      {event.kind === 'runoff' && (
        <Field label="Pledges matched" error={errors.participant_id?.message}>
          <Select {...form.register('participant_id', { setValueAs: (value: string) => value || null })}>
            <option value="">Every option</option>
            {event.participants.map((person) => (
              <option key={person._id} value={person._id}>
                Only pledges to {person.full_name}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </>
  );
}
