import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type CardProps = ComponentProps<'div'> & {
  /** Inner padding; off for cards whose image runs to the edges. */
  padded?: boolean;
  /** Lifts on hover, for cards that are links. */
  interactive?: boolean;
};

export function Card({ padded = true, interactive = false, className, ...props }: CardProps) {
  return (
    <div
      className={cn(
        'card overflow-hidden',
        padded && 'p-5 sm:p-6',
        interactive && 'transition-shadow duration-200 hover:shadow-card focus-within:shadow-card',
        className,
      )}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('font-display text-lg font-semibold text-ink-900', className)} {...props} />;
}
