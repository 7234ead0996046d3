import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The banner illustrations in public/images; any other path or URL works too. */
export type BannerImage = 'campaigns' | 'charities' | 'contact' | 'legal';

interface PageBannerProps {
  title: ReactNode;
  /** A short line under the title. */
  subtitle?: ReactNode;
  image?: BannerImage | (string & {});
  /** Breadcrumbs or buttons under the title. */
  children?: ReactNode;
  className?: string;
}

const isNamed = (image: string): image is BannerImage => ['campaigns', 'charities', 'contact', 'legal'].includes(image);

/**
 * The hero strip at the top of an inner page: the title over an illustration, under the
 * transparent header (`data-hero` is what makes it transparent). A navy gradient on the left
 * keeps the white title readable (AA) whatever the picture does on the right.
 */
export function PageBanner({ title, subtitle, image = 'campaigns', children, className }: PageBannerProps) {
  const src = isNamed(image) ? `/images/banner-${image}.svg` : image;
  return (
    <section data-hero className={cn('relative isolate overflow-hidden bg-ink-900 pt-header text-white xl:pt-header-xl', className)}>
      {/* The largest thing in the first screen: fetched before the page's scripts. */}
      <img src={src} alt="" fetchPriority="high" className="absolute inset-0 -z-20 size-full object-cover object-right" />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-ink-900 via-ink-900/85 to-ink-900/10 md:via-ink-900/70" />
      <div className="container-page py-12 md:py-16 xl:py-20">
        <h1 className="max-w-2xl font-display text-3xl font-bold tracking-tight text-white xs:text-4xl md:text-5xl">{title}</h1>
        <span aria-hidden="true" className="mt-4 block h-1 w-16 rounded-full bg-brand-500" />
        {subtitle && <p className="mt-4 max-w-xl text-base text-ink-100 md:text-lg">{subtitle}</p>}
        {children && <div className="mt-6">{children}</div>}
      </div>
    </section>
  );
}
