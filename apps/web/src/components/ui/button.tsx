import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/hydration';

export type ButtonVariant = 'primary' | 'dark' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
  className?: string;
}

/** The button look, for links that should read as buttons (`<Link className={buttonClasses()}>`). */
export function buttonClasses({ variant = 'primary', size = 'md', block, className }: ButtonStyle = {}): string {
  return cn('btn', `btn-${variant}`, size !== 'md' && `btn-${size}`, block && 'w-full', className);
}

type ButtonProps = ComponentProps<'button'> &
  ButtonStyle & {
    /** Disables the button and shows a spinner; `loadingText` replaces the label meanwhile. */
    loading?: boolean;
    loadingText?: string;
  };

export function Button({ variant, size, block, className, loading = false, loadingText, disabled, type = 'button', children, ...props }: ButtonProps) {
  // A form on a server-rendered page is sent by the app once hydrated, never by the browser itself
  // (which would put the fields, a password too, in the address as a GET).
  const hydrated = useHydrated();
  const waitingForApp = type === 'submit' && !hydrated;
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, block, className })}
      disabled={disabled || loading || waitingForApp}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
