import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Carousel } from '@/components/carousel/carousel';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { HeartHandIcon } from '@/components/ui/icons';
import { PageBanner } from '@/components/ui/page-banner';
import { useCharities } from '@/lib/charities';
import { useEarlyClick } from '@/lib/early-clicks';
import { useHydrated } from '@/lib/hydration';
import { CharityCard } from '../components/charity-card';
import { stripeReturnOf } from '../components/stripe-return';

// The dialog brings the form library and schemas; load them when someone opens it.
const DonationDialog = lazy(() => import('../components/donation-dialog'));
// Only for a donor back from Stripe (decision 255): it brings the answer's schema.
const StripeReturnNotice = lazy(() => import('../components/stripe-return-notice'));

/** Whether the dialog was opened (it loads then), and the focus handed back to its opener when it closes. */
function useDonationDialog() {
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLElement | null>(null);

  function openDonation() {
    openerRef.current = document.activeElement as HTMLElement | null;
    setOpened(true);
    setOpen(true);
  }

  function changeOpen(next: boolean) {
    setOpen(next);
    // The dialog has no Radix trigger, so focus goes back to the button that opened it by hand.
    if (!next) setTimeout(() => openerRef.current?.focus(), 0);
  }

  return { opened, open, openDonation, changeOpen };
}

export default function CharitiesPage() {
  const charities = useCharities();
  const { opened, open, openDonation, changeOpen } = useDonationDialog();
  // Pressed before the app has hydrated the page: the dialog opens once it has (decision 120).
  const earlyDonate = useEarlyClick('donate', openDonation);
  const [searchParams, setSearchParams] = useSearchParams();
  // The page is rendered without the address's query on the server: the notice follows hydration, so the HTML still matches.
  const stripeReturn = useHydrated() ? stripeReturnOf(searchParams) : null;

  useEffect(() => {
    document.title = 'Charities — Pledgeway';
  }, []);

  return (
    <>
      <PageBanner title="Charities" subtitle="Organizations feeding families, protecting children and standing by veterans." image="charities" />

      {stripeReturn && (
        <Suspense fallback={null}>
          <StripeReturnNotice {...stripeReturn} onDismiss={() => setSearchParams({}, { replace: true })} />
        </Suspense>
      )}

      <section className="bg-cream">
        <div className="container-page grid items-center gap-8 py-12 md:grid-cols-[1fr_auto] md:py-16">
          <div className="max-w-3xl">
            <h2 className="text-2xl font-bold md:text-3xl">Help us keep every pledge moving</h2>
            <p className="mt-4 text-ink-700 md:text-lg">
              Pledgeway is run by a small team that reviews every campaign, verifies every host and makes sure pledges reach the charities they were meant for.
              A donation to Pledgeway keeps our reviews quick, our fees low and our support lines open. If our work matters to you, please consider a gift of
              any size.
            </p>
          </div>
          <Button size="lg" onClick={openDonation} className="justify-self-start" {...earlyDonate}>
            <HeartHandIcon /> Donate
          </Button>
        </div>
      </section>

      <div className="container-page py-12 md:py-16">
        <h2 className="max-w-3xl text-2xl font-bold md:text-3xl">These links lead to charities giving aid to citizens of the United States</h2>
        <p className="mt-3 max-w-3xl text-ink-600">
          Each organization below works in communities across the country. Donate Now opens the charity’s own website in a new tab.
        </p>
        <CharityGroups charities={charities} />
        <Disclaimer />
      </div>

      {opened && (
        <Suspense fallback={null}>
          <DonationDialog open={open} onOpenChange={changeOpen} charities={(charities.data ?? []).flatMap((group) => group.charities)} />
        </Suspense>
      )}
    </>
  );
}

/** Each group of charities as a carousel, with a skeleton while they load and a retry on failure. */
function CharityGroups({ charities }: { charities: ReturnType<typeof useCharities> }) {
  return (
    <div className="mt-10 space-y-14">
      {charities.isPending &&
        [0, 1, 2].map((index) => (
          <div key={index} aria-hidden="true" className="space-y-4">
            <div className="h-7 w-48 animate-pulse rounded bg-ink-100 motion-reduce:animate-none" />
            <div className="grid gap-5 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
              {[0, 1, 2, 3].map((card) => (
                <div key={card} className="card h-72 animate-pulse bg-ink-50 motion-reduce:animate-none" />
              ))}
            </div>
          </div>
        ))}
      {charities.isError && (
        <EmptyState
          title="Charities are not available right now"
          description="We could not load the list. Please try again in a moment."
          action={
            <Button variant="outline" onClick={() => charities.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {charities.data?.map((group) => (
        <Carousel
          key={group._id}
          label={`${group.title} charities`}
          gap="charities"
          slideClassName="basis-full sm:basis-1/2 md:basis-1/3 lg:basis-1/4"
          header={<h3 className="text-xl font-bold md:text-2xl">{group.title}</h3>}
        >
          {group.charities.map((charity) => (
            <CharityCard key={charity._id} charity={charity} />
          ))}
        </Carousel>
      ))}
    </div>
  );
}

function Disclaimer() {
  return (
    <aside aria-labelledby="charities-disclaimer" className="mt-16 rounded-2xl border border-ink-100 bg-ink-50 p-6 md:p-8">
      <h2 id="charities-disclaimer" className="text-lg font-semibold">
        Disclaimer
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-ink-600">
        The external links on this page are provided for your convenience only. A link does not imply that Pledgeway endorses the organization, its website or
        its views, and Pledgeway takes no responsibility for the content, accuracy or privacy practices of the websites it links to. Please review a charity’s
        own information before you donate.
      </p>
    </aside>
  );
}
