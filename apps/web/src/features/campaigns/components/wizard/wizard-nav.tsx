import { cn } from '@/lib/cn';

interface WizardNavProps {
  step: number;
  last: number;
  canAdvance: boolean;
  busy?: boolean;
  busyLabel?: string;
  finalLabel: string;
  backLabel?: string;
  onBack(): void;
  onNext(): void;
  extra?: React.ReactNode;
  /** Why Next is not available yet, said beside it (and read with it) while the step is incomplete. */
  blockedReason?: string;
}

const BLOCKED_REASON_ID = 'wizard-next-blocked-reason';

/**
 * Back (disabled on the first step) and Next/final. Next looks disabled until the step is valid
 * but stays focusable (aria-disabled): pressing it then shows what is missing.
 */
export function WizardNav({ step, last, canAdvance, busy, busyLabel, finalLabel, backLabel = 'Back', onBack, onNext, extra, blockedReason }: WizardNavProps) {
  const reason = !canAdvance && !busy ? blockedReason : undefined;
  return (
    <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-ink-100 pt-6">
      <button type="button" className="btn btn-outline" onClick={onBack} disabled={step === 0 || busy}>
        {backLabel}
      </button>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {reason && (
          <p id={BLOCKED_REASON_ID} className="text-sm text-ink-600">
            {reason}
          </p>
        )}
        {extra}
        <button
          type="button"
          className={cn('btn btn-primary', !canAdvance && 'cursor-not-allowed opacity-60')}
          aria-disabled={!canAdvance || busy ? true : undefined}
          aria-busy={busy || undefined}
          aria-describedby={reason ? BLOCKED_REASON_ID : undefined}
          onClick={() => !busy && onNext()}
        >
          {busy && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
          {busy ? busyLabel : step === last ? finalLabel : 'Next'}
        </button>
      </div>
    </div>
  );
}
