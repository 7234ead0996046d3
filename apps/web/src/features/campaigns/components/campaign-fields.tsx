import type { ComponentProps, ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { CategoriesInput } from './categories-input';
import { DescriptionInput } from './description-input';
import { ImagePicker } from './image-picker';

// The controlled fields every campaign form has (the create wizard, the practice campaign, the
// edit form), each bound to a form field by name: one place for how the value reaches the input.

interface ControlledFieldProps<TValues extends FieldValues, TContext, TTransformed> {
  control: Control<TValues, TContext, TTransformed>;
  name: FieldPath<TValues>;
  error?: string;
}

export function CategoriesField<TValues extends FieldValues, TContext = unknown, TTransformed = TValues>({
  control,
  name,
  error,
  hint,
}: ControlledFieldProps<TValues, TContext, TTransformed> & { hint?: ReactNode }) {
  return (
    <Field label="Categories" required error={error} hint={hint}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => <CategoriesInput value={(field.value as string[]) ?? []} onChange={field.onChange} onBlur={field.onBlur} />}
      />
    </Field>
  );
}

export function DescriptionField<TValues extends FieldValues, TContext = unknown, TTransformed = TValues>({
  control,
  name,
  error,
}: ControlledFieldProps<TValues, TContext, TTransformed>) {
  return (
    <Field label="Description" required error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => <DescriptionInput value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
      />
    </Field>
  );
}

type ImageFieldProps<TValues extends FieldValues, TContext, TTransformed> = ControlledFieldProps<TValues, TContext, TTransformed> &
  Omit<ComponentProps<typeof ImagePicker>, 'value' | 'onChange' | 'onBlur' | 'error'> & {
    /** Told after a new image is in the form, e.g. to confirm it. */
    onPicked?(): void;
    /** Mark the field touched once an image is picked, so its error shows from then on. */
    touchOnPick?: boolean;
  };

function ImageField<TValues extends FieldValues, TContext, TTransformed>({
  control,
  name,
  error,
  onPicked,
  touchOnPick = false,
  ...picker
}: ImageFieldProps<TValues, TContext, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ImagePicker
          {...picker}
          value={field.value ?? ''}
          onChange={(dataUrl) => {
            field.onChange(dataUrl);
            onPicked?.();
          }}
          onBlur={touchOnPick ? field.onBlur : undefined}
          error={error}
        />
      )}
    />
  );
}

/** The required banner of a new campaign, cropped to 4:3. */
export function BannerImageField<TValues extends FieldValues, TContext = unknown, TTransformed = TValues>(
  props: ControlledFieldProps<TValues, TContext, TTransformed> & { maxWidth?: number },
) {
  return <ImageField {...props} label="Banner image" required shape="banner" aspect={4 / 3} touchOnPick />;
}

/** A person's (or a runoff option's) square image. */
export function ProfileImageField<TValues extends FieldValues, TContext = unknown, TTransformed = TValues>(
  props: ControlledFieldProps<TValues, TContext, TTransformed> & { label: string; onPicked?(): void },
) {
  return <ImageField {...props} maxWidth={600} />;
}
