import { useEffect } from 'react';
import { Link } from 'react-router';
import { home } from '@/features/marketing/content/home';
import { CampaignCard, CampaignCardSkeleton } from '@/components/campaign';
import { Carousel } from '@/components/carousel/carousel';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { usePopularEvents } from '../api/get-popular-events';
import { SectionHeading } from './section-heading';

/** Popular Events: real live campaigns, three at a time on desktop (docs/product.md#home). */
export function PopularEvents() {
  const content = home.popularEvents;
  const events = usePopularEvents();

  useEffect(() => {
    // docs/product.md#8-messages: a failed public list is only logged.
    if (events.error) console.warn('Could not load popular events', events.error);
  }, [events.error]);

  return (
    <section aria-labelledby="popular-events" className="bg-ink-50">
      <div className="container-page py-16 md:py-24">
        {events.isPending ? (
          <>
            <SectionHeading id="popular-events" title={content.title} intro={content.intro} align="left" />
            <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
              <CampaignCardSkeleton />
              <div className="hidden md:block">
                <CampaignCardSkeleton />
              </div>
              <div className="hidden lg:block">
                <CampaignCardSkeleton />
              </div>
            </div>
          </>
        ) : events.data?.length ? (
          <Carousel
            label="Popular events"
            slideClassName="basis-full md:basis-1/2 lg:basis-1/3"
            header={<SectionHeading id="popular-events" title={content.title} intro={content.intro} align="left" />}
          >
            {events.data.map((event) => (
              <CampaignCard key={event._id} event={event} />
            ))}
          </Carousel>
        ) : (
          <>
            <SectionHeading id="popular-events" title={content.title} intro={content.intro} align="left" />
            <EmptyState className="mt-10" title="No live campaigns right now" description={content.emptyText} />
          </>
        )}
        <div className="mt-10 text-center">
          <Link to={paths.events} className={buttonClasses({ variant: 'outline' })}>
            See All Campaigns
          </Link>
        </div>
      </div>
    </section>
  );
}
