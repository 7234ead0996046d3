import { useEffect, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons';

export type AlertTone = 'success' | 'error' | 'info';

const tones: Record<AlertTone, { box: string; icon: ReactNode }> = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: <CheckCircleIcon className="text-emerald-700" /> },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: <AlertCircleIcon className="text-danger-600" /> },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: <InfoIcon className="text-sky-700" /> },
};

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a dismiss button, and is what auto-dismiss calls. */
  onDismiss?(): void;
  /** Calls `onDismiss` after this many milliseconds (docs/product.md#9-limits-and-constants: banners show for 5 s). */
  autoDismissMs?: number;
  className?: string;
}

/**
 * An inline banner. Errors are announced at once (role=alert); success and info politely
 * (role=status), so they do not interrupt what is being read.
 */
export function Alert({ tone = 'info', title, children, onDismiss, autoDismissMs, className }: AlertProps) {
  useEffect(() => {
    if (!autoDismissMs || !onDismiss) return;
    const timer = window.setTimeout(onDismiss, autoDismissMs);
    return () => window.clearTimeout(timer);
  }, [autoDismissMs, onDismiss]);

  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('flex items-start gap-3 rounded-xl border px-4 py-3 text-sm', tones[tone].box, className)}>
      <span className="mt-px shrink-0">{tones[tone].icon}</span>
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-0.5' : undefined}>{children}</div>}
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss message"
          className="-m-1.5 flex size-8 shrink-0 items-center justify-center rounded-full opacity-70 hover:bg-black/5 hover:opacity-100"
        >
          <CloseIcon size={16} />
        </button>
      )}
    </div>
  );
}
