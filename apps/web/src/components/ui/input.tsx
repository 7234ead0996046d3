import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/hydration';
import { useFieldControl } from './field';
import { EyeIcon, EyeOffIcon } from './icons';

/**
 * Text inputs take their id and ARIA state from the surrounding `Field`. On a server-rendered page
 * they take typing once hydrated: the form would otherwise reset what was typed before.
 */
export function Input({ className, readOnly, ...props }: ComponentProps<'input'>) {
  const hydrated = useHydrated();
  return <input {...useFieldControl()} {...props} readOnly={readOnly || !hydrated} className={cn('input', className)} />;
}

export function Textarea({ className, rows = 4, readOnly, ...props }: ComponentProps<'textarea'>) {
  const hydrated = useHydrated();
  return <textarea {...useFieldControl()} rows={rows} {...props} readOnly={readOnly || !hydrated} className={cn('input min-h-24 resize-y', className)} />;
}

export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <select
      {...useFieldControl()}
      {...props}
      className={cn(
        "input appearance-none bg-[url('data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20viewBox=%220%200%2024%2024%22%20fill=%22none%22%20stroke=%22%234d5a76%22%20stroke-width=%222%22%3E%3Cpath%20d=%22m6%209%206%206%206-6%22/%3E%3C/svg%3E')] bg-[length:1.25rem] bg-[right_0.75rem_center] bg-no-repeat pr-10",
        className,
      )}
    >
      {children}
    </select>
  );
}

/** A password input with a show/hide toggle, so people can check what they typed. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className={cn('pr-12', className)} />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label="Show password"
        aria-pressed={visible}
        className="absolute inset-y-0 right-1 my-auto flex size-10 items-center justify-center rounded-full text-ink-500 hover:bg-ink-50 hover:text-ink-900"
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}
