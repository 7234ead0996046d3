export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    // A full viewport: what follows (the footer) starts below the fold, so it does not jump when the page arrives.
    <div className="flex min-h-dvh items-center justify-center text-brand-700">
      <Spinner label={label} className="scale-150" />
    </div>
  );
}
