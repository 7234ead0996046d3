import { Link } from 'react-router';
import { home } from '@/features/marketing/content/home';
import { Carousel } from '@/components/carousel/carousel';
import { buttonClasses } from '@/components/ui/button';
import { ArrowRightIcon } from '@/components/ui/icons';
import { mediaUrl } from '@/lib/format';
import { useCharities } from '@/lib/charities';
import { SectionHeading } from './section-heading';

/** Home: a slider of the charities from the database, and the Dicover More button (its label as docs/product.md#home spells it). */
export function CharitiesSlider() {
  const content = home.charities;
  const groups = useCharities();
  const charities = groups.data?.flatMap((group) => group.charities.map((charity) => ({ ...charity, group: group.title }))) ?? [];

  return (
    <section aria-labelledby="home-charities" className="container-page py-16 md:py-24">
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:items-center lg:gap-14">
        <div className="min-w-0">
          <SectionHeading id="home-charities" eyebrow={content.eyebrow} title={content.title} intro={content.body} align="left" />
          <Link to={content.href} className={buttonClasses({ variant: 'dark', size: 'lg', className: 'mt-8' })}>
            {content.buttonLabel} <ArrowRightIcon size={18} />
          </Link>
        </div>
        {groups.isPending ? (
          <div aria-hidden="true" className="grid min-w-0 grid-cols-2 gap-4 md:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <div key={index} className={`card h-56 animate-pulse bg-ink-50 motion-reduce:animate-none ${index === 2 ? 'hidden md:block' : ''}`} />
            ))}
          </div>
        ) : charities.length ? (
          <Carousel label="Featured charities" slideClassName="basis-1/2 md:basis-1/3" gap="charities" className="min-w-0">
            {charities.map((charity) => (
              <Link key={charity._id} to={content.href} className="card flex h-full flex-col items-center p-5 text-center transition-shadow hover:shadow-lg">
                <img src={mediaUrl(charity.logo)} alt="" width={96} height={96} loading="lazy" className="size-20 rounded-full object-contain md:size-24" />
                <span className="mt-3 font-display text-sm font-semibold text-ink-900 md:text-base">{charity.name}</span>
                <span className="mt-1 text-xs font-medium text-ink-500">{charity.group}</span>
              </Link>
            ))}
          </Carousel>
        ) : null}
      </div>
    </section>
  );
}
