import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { AmountInput } from '../amount-input';
import { BannerImageField, CategoriesField, DescriptionField } from '../campaign-fields';
import type { PracticeForms } from './use-practice-forms';

/** Step 1 of the practice campaign: name, categories, description, target and banner. */
export function PracticeBasicFields({ basic }: { basic: PracticeForms['basic'] }) {
  const be = basic.formState.errors;
  return (
    <div className="grid gap-6">
      <Field label="Event name" required error={be.eventName?.message}>
        <Input {...basic.register('eventName')} />
      </Field>
      <CategoriesField control={basic.control} name="categories" error={be.categories?.message} hint="Press Enter after each category." />
      <DescriptionField control={basic.control} name="eventDescription" error={be.eventDescription?.message} />
      <Field label="Target amount (USD)" required error={be.targetAmount?.message}>
        <AmountInput control={basic.control} name="targetAmount" />
      </Field>
      <BannerImageField control={basic.control} name="bannerImage" error={be.bannerImage?.message} />
    </div>
  );
}
