import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  align?: 'left' | 'center';
  tone?: 'light' | 'dark';
  className?: string;
}

export function SectionHeading({ id, eyebrow, title, intro, align = 'center', tone = 'light', className }: SectionHeadingProps) {
  const dark = tone === 'dark';
  return (
    <div className={cn(align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl', className)}>
      {eyebrow && <p className={cn('text-sm font-semibold tracking-[0.2em] uppercase', dark ? 'text-brand-400' : 'text-brand-700')}>{eyebrow}</p>}
      <h2 id={id} className={cn('mt-2 text-3xl font-bold md:text-4xl', dark && 'text-white')}>
        {title}
      </h2>
      <span aria-hidden="true" className={cn('mt-4 block h-1 w-14 rounded-full bg-brand-500', align === 'center' && 'mx-auto')} />
      {intro && <p className={cn('mt-4 text-lg', dark ? 'text-ink-100' : 'text-ink-600')}>{intro}</p>}
    </div>
  );
}
