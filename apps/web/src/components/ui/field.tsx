import { createContext, use, useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface FieldControl {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

const FieldContext = createContext<FieldControl | null>(null);

/** Ids and ARIA state of the control inside the nearest `Field`; empty outside one. */
export function useFieldControl(): Partial<FieldControl> {
  return use(FieldContext) ?? {};
}

interface FieldProps {
  label: ReactNode;
  children: ReactNode;
  /** Validation message; marks the control invalid and is read with it. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Something placed at the right of the label row, such as a "Forgot Password?" link. */
  labelAside?: ReactNode;
  className?: string;
}

/**
 * A labelled form control: the label points at the control, and the hint and error are tied to it
 * with aria-describedby, so a screen reader hears the message when the field is focused.
 */
export function Field({ label, children, error, hint, required, labelAside, className }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const control: FieldControl = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  };
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        {/* The asterisk sits outside the label so the control's name stays the label text;
            aria-required tells assistive technology instead. */}
        <span className="label flex items-baseline">
          <label htmlFor={id}>{label}</label>
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-danger-600">
              *
            </span>
          )}
        </span>
        {labelAside}
      </div>
      <FieldContext value={control}>{children}</FieldContext>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className={cn('field-hint')}>
          {hint}
        </p>
      )}
    </div>
  );
}
