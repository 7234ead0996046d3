import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '@/components/ui/icons';

interface AuthShellProps {
  children: ReactNode;
  illustration: string;
  headline: string;
  points: string[];
}

/**
 * The login and register layout: the form on the left, an illustration with the platform's
 * promise on the right from 1024 px; a single column on phones.
 */
export function AuthShell({ children, illustration, headline, points }: AuthShellProps) {
  return (
    <div className="grid flex-1 bg-white lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)]">
      <div className="flex justify-center px-4 py-10 xs:px-6 sm:py-14 lg:items-center lg:px-12 xl:py-16">
        <div className="w-full max-w-[28rem]">{children}</div>
      </div>
      <aside aria-label="About Pledgeway" className="relative isolate hidden overflow-hidden bg-ink-900 lg:flex lg:flex-col lg:justify-end">
        <img src={illustration} alt="" className="absolute inset-0 -z-20 size-full object-cover" />
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-t from-ink-900 via-ink-900/75 to-ink-900/10" />
        <div className="max-w-xl p-12 xl:p-16">
          <span aria-hidden="true" className="block h-1 w-14 rounded-full bg-brand-500" />
          <p className="mt-5 font-display text-3xl leading-tight font-semibold text-white xl:text-4xl">{headline}</p>
          <ul className="mt-6 space-y-3">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-ink-100">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-500 text-ink-900">
                  <CheckIcon size={13} strokeWidth={3} />
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}

/** The heading block above each auth form. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="font-display text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-ink-500">{subtitle}</p>
    </div>
  );
}

/** The line under an auth form leading to its sibling page ("Already have an account? Log in"). */
export function AuthSwitch({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <p className="mt-8 text-center text-sm text-ink-600">
      {prompt}{' '}
      <Link to={to} className="rounded font-semibold text-ink-900 underline decoration-brand-500 decoration-2 underline-offset-4 hover:decoration-ink-900">
        {label}
      </Link>
    </p>
  );
}
