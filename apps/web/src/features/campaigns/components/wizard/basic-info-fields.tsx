import { Controller, useWatch, type Control, type UseFormRegister, type UseFormReturn } from 'react-hook-form';
import { FUNDING_MODEL_LABELS, type BasicInfoStep as BasicOutput, type BasicInfoStepInput } from '@pledgeway/domain/schemas/event-create';
import { KIND_LABELS, EVENT_KINDS } from '@pledgeway/domain/campaign-kinds';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useCharities } from '@/lib/charities';
import { AmountInput } from '../amount-input';
import { ChargeablePlacesOptions, WinByRadios } from '../runoff/runoff-rule-inputs';

type BasicInfoForm = UseFormReturn<BasicInfoStepInput, unknown, BasicOutput>;

const KIND_HINTS = {
  event: 'Pledges for an event with invited participants, charged only if the event happens.',
  money_bomb: 'Short fundraising for any purpose; donations charged at the deadline.',
  runoff: 'Two to eight people, places or things compete; the one with the most donations wins.',
  crowdfunding: 'Raise toward a goal by a deadline.',
} as const;

export function CampaignKindFieldset({ control }: { control: Control<BasicInfoStepInput, unknown, BasicOutput> }) {
  return (
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
  );
}

export function FundingModelFieldset({ register }: { register: UseFormRegister<BasicInfoStepInput> }) {
  return (
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
      <p className="mt-1 text-sm text-ink-500">All or Nothing: supporters are charged only if the target is reached. All Donations: every pledge is charged.</p>
    </fieldset>
  );
}

export function CharityField({ form }: { form: BasicInfoForm }) {
  const { register, formState } = form;
  const charities = useCharities();
  return (
    <Field label="Beneficiary charity" required error={formState.errors.charityId?.message}>
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
  );
}

/** The rules only a runoff has: how it is won, and how many placements may be charged. */
export function RunoffRulesFieldset({ form }: { form: BasicInfoForm }) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const winBy = useWatch({ control, name: 'runoffWinBy' });
  return (
    <fieldset className="rounded-xl border border-ink-100 p-4">
      <legend className="label px-1">How the runoff is won</legend>
      <div className="grid gap-2">
        <WinByRadios registration={register('runoffWinBy')} />
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
          <ChargeablePlacesOptions />
        </Select>
      </Field>
      <p className="mt-2 text-sm text-ink-500">
        The options are the participants you add on the next step: 2 to 8 people, places or things, each with a name, an image and a description.
      </p>
    </fieldset>
  );
}
