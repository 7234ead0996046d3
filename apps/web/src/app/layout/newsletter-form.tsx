import { EMAIL_PATTERN } from '@pledgeway/domain/email';
import { useId, useState, type FormEvent } from 'react';
import { ArrowRightIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/hydration';

/** docs/product.md#newsletter. */
export const NEWSLETTER_MESSAGES = {
  empty: 'Please fill in your email address',
  invalid: 'Please enter a valid email address',
} as const;

interface NewsletterFormProps {
  /** Subscribes the address; resolves with the message to show, rejects with the error to show. */
  onSubscribe(email: string): Promise<{ message: string }>;
}

export function NewsletterForm({ onSubscribe }: NewsletterFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [pending, setPending] = useState(false);
  // Server-rendered: typing and sending wait for the app (see components/ui/button.tsx).
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice('');
    const value = email.trim();
    if (!value) return setError(NEWSLETTER_MESSAGES.empty);
    if (!EMAIL_PATTERN.test(value)) return setError(NEWSLETTER_MESSAGES.invalid);
    setError('');
    setPending(true);
    try {
      const result = await onSubscribe(value);
      setEmail('');
      setNotice(result.message);
    } catch (failure) {
      // The address stays in the field so it can be sent again.
      setError(failure instanceof Error ? failure.message : 'Unexpected error occurred');
    } finally {
      setPending(false);
    }
  }

  return (
    // noValidate: the field stays type=email and required for assistive technology, while the
    // messages are the product's own (docs/product.md#newsletter) rather than the browser's.
    <form noValidate onSubmit={submit} aria-label="Newsletter signup">
      <label htmlFor={id} className="sr-only">
        Email address
      </label>
      <div
        className={cn(
          'flex items-center rounded-full bg-white/10 p-1.5 ring-1 transition-shadow focus-within:ring-2 focus-within:ring-brand-500',
          error ? 'ring-red-300' : 'ring-white/20',
        )}
      >
        <input
          id={id}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          value={email}
          readOnly={!hydrated}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-0 min-w-0 flex-1 bg-transparent px-4 py-2 text-sm text-white placeholder:text-ink-200 focus:outline-none"
        />
        <button
          type="submit"
          disabled={pending || !hydrated}
          className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full bg-brand-500 px-4 text-sm font-semibold text-ink-900 transition-colors hover:bg-brand-400 disabled:opacity-60"
        >
          Subscribe <ArrowRightIcon size={16} />
        </button>
      </div>
      <div aria-live="polite" className="min-h-6">
        {error && (
          <p id={`${id}-error`} className="mt-2 text-sm font-medium text-red-300">
            {error}
          </p>
        )}
        {notice && <p className="mt-2 text-sm font-medium text-emerald-300">{notice}</p>}
      </div>
    </form>
  );
}
