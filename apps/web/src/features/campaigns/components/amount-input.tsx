import type { ComponentProps } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { amountText } from '../lib/amount-text';

type AmountInputProps<TValues extends FieldValues, TContext, TTransformed> = {
  control: Control<TValues, TContext, TTransformed>;
  name: FieldPath<TValues>;
  /** Shows a "$" inside the field. */
  dollarSign?: boolean;
} & Omit<ComponentProps<'input'>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>;

/** A dollar amount bound to a form field: typed text is cleaned to digits and at most two decimals. */
export function AmountInput<TValues extends FieldValues, TContext = unknown, TTransformed = TValues>({
  control,
  name,
  dollarSign = false,
  className,
  ...props
}: AmountInputProps<TValues, TContext, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const input = (
          <Input
            inputMode="decimal"
            {...props}
            className={cn(dollarSign && 'pl-8', className)}
            value={String(field.value ?? '')}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(amountText(event.target.value))}
          />
        );
        if (!dollarSign) return input;
        return (
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-ink-500">
              $
            </span>
            {input}
          </div>
        );
      }}
    />
  );
}
