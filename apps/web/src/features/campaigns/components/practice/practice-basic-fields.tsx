import { Controller } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { AmountInput } from '../amount-input';
import { CategoriesInput } from '../categories-input';
import { DescriptionInput } from '../description-input';
import { ImagePicker } from '../image-picker';
import type { PracticeForms } from './use-practice-forms';

/** Step 1 of the practice campaign: name, categories, description, target and banner. */
export function PracticeBasicFields({ basic }: { basic: PracticeForms['basic'] }) {
  const be = basic.formState.errors;
  return (
    <div className="grid gap-6">
      <Field label="Event name" required error={be.eventName?.message}>
        <Input {...basic.register('eventName')} />
      </Field>
      <Field label="Categories" required error={be.categories?.message} hint="Press Enter after each category.">
        <Controller
          control={basic.control}
          name="categories"
          render={({ field }) => <CategoriesInput value={(field.value as string[]) ?? []} onChange={field.onChange} onBlur={field.onBlur} />}
        />
      </Field>
      <Field label="Description" required error={be.eventDescription?.message}>
        <Controller
          control={basic.control}
          name="eventDescription"
          render={({ field }) => <DescriptionInput value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
        />
      </Field>
      <Field label="Target amount (USD)" required error={be.targetAmount?.message}>
        <AmountInput control={basic.control} name="targetAmount" />
      </Field>
      <Controller
        control={basic.control}
        name="bannerImage"
        render={({ field }) => (
          <ImagePicker
            label="Banner image"
            required
            shape="banner"
            aspect={4 / 3}
            value={field.value ?? ''}
            onChange={(url) => field.onChange(url)}
            onBlur={field.onBlur}
            error={be.bannerImage?.message}
          />
        )}
      />
    </div>
  );
}
