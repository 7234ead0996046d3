import { CheckIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

/** The numbered step list above a wizard; the current step is announced with aria-current. */
export function WizardStepper({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className="flex flex-wrap justify-between gap-x-2 gap-y-3 md:flex-nowrap" aria-label="Progress">
      {steps.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li key={label} className="flex min-w-0 items-center gap-2 md:flex-1" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold',
                done && 'bg-ink-900 text-white',
                active && 'bg-brand-500 text-ink-900 ring-4 ring-brand-100',
                !done && !active && 'bg-ink-100 text-ink-500',
              )}
            >
              {done ? <CheckIcon className="size-4" aria-hidden="true" /> : index + 1}
            </span>
            {/* On phones the step's heading below names it; the label stays for screen readers. */}
            <span className={cn('sr-only truncate text-sm md:not-sr-only', active ? 'font-semibold text-ink-900' : 'text-ink-500')}>
              {label}
              {done && <span className="sr-only"> (completed)</span>}
            </span>
            {index < steps.length - 1 && <span aria-hidden="true" className="hidden h-px flex-1 bg-ink-200 md:block" />}
          </li>
        );
      })}
    </ol>
  );
}
