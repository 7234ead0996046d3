import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { BasicInfoStep as BasicOutput, BasicInfoStepInput } from '@pledgeway/domain/schemas/event-create';
import { addDaysIso, earliestTodayIso } from '@pledgeway/domain/schemas/event-fields';
import { todayIso } from '@pledgeway/domain/dates';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { AmountInput } from '../amount-input';
import { BannerImageField, CategoriesField, DescriptionField } from '../campaign-fields';
import { DocumentPicker } from '../document-picker';
import { BANNER_MAX_WIDTH } from '@pledgeway/domain/schemas/event-fields';
import { CampaignKindFieldset, CharityField, FundingModelFieldset, RunoffRulesFieldset } from './basic-info-fields';

export function BasicInfoStep({ form }: { form: UseFormReturn<BasicInfoStepInput, unknown, BasicOutput> }) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const kind = useWatch({ control, name: 'kind' });
  const minStart = kind === 'runoff' ? addDaysIso(earliestTodayIso(), 7) : todayIso();

  return (
    <div className="grid gap-6">
      <CampaignKindFieldset control={control} />

      <Field label="Event name" required error={errors.eventName?.message}>
        <Input {...register('eventName')} placeholder="e.g. River Run for the Food Bank" autoComplete="off" />
      </Field>

      <CategoriesField control={control} name="categories" error={errors.categories?.message} hint="Press Enter after each category." />

      <DescriptionField control={control} name="eventDescription" error={errors.eventDescription?.message} />

      <div className="grid gap-6 md:grid-cols-2">
        <Field label="Target amount (USD)" required error={errors.targetAmount?.message} hint="Between $100 and $50,000.">
          <AmountInput control={control} name="targetAmount" dollarSign placeholder="1000" />
        </Field>
        <Field label="Donation limit per pledge (optional)" error={errors.donationLimit?.message} hint="Caps a single pledge; leave empty for no limit.">
          <AmountInput control={control} name="donationLimit" />
        </Field>
      </div>

      <FundingModelFieldset register={register} />

      <CharityField form={form} />

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

      {kind === 'runoff' && <RunoffRulesFieldset form={form} />}

      <BannerImageField control={control} name="bannerImage" error={errors.bannerImage?.message} maxWidth={BANNER_MAX_WIDTH} />

      <Controller control={control} name="documents" render={({ field }) => <DocumentPicker value={field.value ?? []} onChange={field.onChange} />} />
    </div>
  );
}
