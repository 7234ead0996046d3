import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { FUNDING_MODEL_LABELS, RUNOFF_WIN_BY_LABELS, type BasicInfoStep as BasicOutput, type BasicInfoStepInput } from '@pledgeway/domain/schemas/event-create';
import { KIND_LABELS, EVENT_KINDS } from '@pledgeway/domain/campaign-kinds';
import { addDaysIso, earliestTodayIso } from '@pledgeway/domain/schemas/event-fields';
import { todayIso } from '@pledgeway/domain/dates';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { AmountInput } from '../amount-input';
import { useCharities } from '@/lib/charities';
import { CategoriesInput } from '../categories-input';
import { DescriptionInput } from '../description-input';
import { DocumentPicker } from '../document-picker';
import { BANNER_MAX_WIDTH } from '@pledgeway/domain/schemas/event-fields';
import { ImagePicker } from '../image-picker';

const KIND_HINTS = {
  event: 'Pledges for an event with invited participants, charged only if the event happens.',
  money_bomb: 'Short fundraising for any purpose; donations charged at the deadline.',
  runoff: 'Two to eight people, places or things compete; the one with the most donations wins.',
  crowdfunding: 'Raise toward a goal by a deadline.',
} as const;

export function BasicInfoStep({ form }: { form: UseFormReturn<BasicInfoStepInput, unknown, BasicOutput> }) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const kind = useWatch({ control, name: 'kind' });
  const winBy = useWatch({ control, name: 'runoffWinBy' });
  const charities = useCharities();
  const minStart = kind === 'runoff' ? addDaysIso(earliestTodayIso(), 7) : todayIso();

  return (
    <div className="grid gap-6">
      <fieldset>
        <legend className="label">Campaign type</legend>
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <div className="grid gap-3 sm:grid-cols-2">
              {EVENT_KINDS.map((value) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300',
                    field.value === value ? 'border-brand-500 bg-brand-50' : 'border-ink-100 hover:border-ink-200',
                  )}
                >
                  <input
                    type="radio"
                    className="mt-1 accent-brand-600"
                    name={field.name}
                    value={value}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                  />
                  <span>
                    <span className="block font-semibold text-ink-900">{KIND_LABELS[value]}</span>
                    <span className="text-sm text-ink-500">{KIND_HINTS[value]}</span>
                  </span>
                </label>
              ))}
            </div>
          )}
        />
      </fieldset>

      <Field label="Event name" required error={errors.eventName?.message}>
        <Input {...register('eventName')} placeholder="e.g. River Run for the Food Bank" autoComplete="off" />
      </Field>

      <Field label="Categories" required error={errors.categories?.message} hint="Press Enter after each category.">
        <Controller
          control={control}
          name="categories"
          render={({ field }) => <CategoriesInput value={(field.value as string[]) ?? []} onChange={field.onChange} onBlur={field.onBlur} />}
        />
      </Field>

      <Field label="Description" required error={errors.eventDescription?.message}>
        <Controller
          control={control}
          name="eventDescription"
          render={({ field }) => <DescriptionInput value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
        />
      </Field>

      <div className="grid gap-6 md:grid-cols-2">
        <Field label="Target amount (USD)" required error={errors.targetAmount?.message} hint="Between $100 and $50,000.">
          <AmountInput control={control} name="targetAmount" dollarSign placeholder="1000" />
        </Field>
        <Field label="Donation limit per pledge (optional)" error={errors.donationLimit?.message} hint="Caps a single pledge; leave empty for no limit.">
          <AmountInput control={control} name="donationLimit" />
        </Field>
      </div>

      <fieldset>
        <legend className="label">Funding model</legend>
        <div className="flex flex-wrap gap-4">
          {(Object.keys(FUNDING_MODEL_LABELS) as (keyof typeof FUNDING_MODEL_LABELS)[]).map((value) => (
            <label key={value} className="inline-flex items-center gap-2">
              <input type="radio" value={value} className="accent-brand-600" {...register('fundingModel')} />
              {FUNDING_MODEL_LABELS[value]}
            </label>
          ))}
        </div>
        <p className="mt-1 text-sm text-ink-500">
          All or Nothing: supporters are charged only if the target is reached. All Donations: every pledge is charged.
        </p>
      </fieldset>

      <Field label="Beneficiary charity" required error={errors.charityId?.message}>
        <Select {...register('charityId')} disabled={charities.isPending}>
          <option value="">{charities.isPending ? 'Loading charities…' : 'Choose a charity'}</option>
          {charities.data?.map((group) => (
            <optgroup key={group._id} label={group.title}>
              {group.charities.map((charity) => (
                <option key={charity._id} value={charity._id}>
                  {charity.name}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </Field>

      <div className="grid gap-6 md:grid-cols-2">
        <Field
          label="Start date (optional)"
          error={errors.startDate?.message}
          hint={kind === 'runoff' ? 'Runoff competitions start at least 7 days ahead.' : 'Leave empty to start once approved.'}
        >
          <Input type="date" min={minStart} {...register('startDate')} />
        </Field>
        <Field label="Duration (days)" error={errors.durationDays?.message} hint="At most 30 days.">
          <Input type="number" min={1} max={30} inputMode="numeric" {...register('durationDays')} />
        </Field>
      </div>

      {kind === 'runoff' && (
        <fieldset className="rounded-xl border border-ink-100 p-4">
          <legend className="label px-1">How the runoff is won</legend>
          <div className="grid gap-2">
            {(Object.keys(RUNOFF_WIN_BY_LABELS) as (keyof typeof RUNOFF_WIN_BY_LABELS)[]).map((value) => (
              <label key={value} className="inline-flex items-center gap-2">
                <input type="radio" value={value} className="accent-brand-600" {...register('runoffWinBy')} />
                {RUNOFF_WIN_BY_LABELS[value]}
              </label>
            ))}
          </div>
          {errors.runoffWinBy && <p className="field-error">{errors.runoffWinBy.message}</p>}
          {winBy === 'donor_total' && (
            <Field className="mt-4" label="Fixed donation amount (USD)" required error={errors.runoffFixedAmount?.message}>
              <AmountInput control={control} name="runoffFixedAmount" />
            </Field>
          )}
          <Field
            className="mt-4"
            label="Placements you may charge at the end"
            error={errors.runoffChargeablePlaces?.message}
            hint="Shown to supporters before they pledge. At the end you choose within it; pledges to options placed lower are released uncharged."
          >
            <Select {...register('runoffChargeablePlaces')}>
              <option value="all">Any placements, up to all of them</option>
              <option value="1">Only the winner</option>
              {[2, 3, 4, 5, 6, 7].map((places) => (
                <option key={places} value={String(places)}>
                  Up to the top {places}
                </option>
              ))}
            </Select>
          </Field>
          <p className="mt-2 text-sm text-ink-500">
            The options are the participants you add on the next step: 2 to 8 people, places or things, each with a name, an image and a description.
          </p>
        </fieldset>
      )}

      <Controller
        control={control}
        name="bannerImage"
        render={({ field }) => (
          <ImagePicker
            label="Banner image"
            required
            shape="banner"
            aspect={4 / 3}
            maxWidth={BANNER_MAX_WIDTH}
            value={field.value ?? ''}
            onChange={(dataUrl) => field.onChange(dataUrl)}
            onBlur={field.onBlur}
            error={errors.bannerImage?.message}
          />
        )}
      />

      <Controller control={control} name="documents" render={({ field }) => <DocumentPicker value={field.value ?? []} onChange={field.onChange} />} />
    </div>
  );
}
