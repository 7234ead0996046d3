import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A table that scrolls sideways inside its card on a narrow screen instead of squashing. */
export function DataTable({
  caption,
  children,
  className,
  minWidth = 'min-w-[44rem]',
}: {
  caption: string;
  children: ReactNode;
  className?: string;
  minWidth?: string;
}) {
  return (
    // `relative` keeps screen-reader-only text (absolutely positioned) inside the scrolling box instead of widening the page.
    <div className={cn('relative overflow-x-auto rounded-2xl border border-ink-100 bg-white shadow-sm', className)}>
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      {...props}
      className={cn('border-b border-ink-100 bg-ink-50/70 px-4 py-3 text-xs font-semibold tracking-wide text-ink-600 uppercase', className)}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td {...props} className={cn('border-b border-ink-100 px-4 py-3 align-top text-ink-800', className)} />;
}
