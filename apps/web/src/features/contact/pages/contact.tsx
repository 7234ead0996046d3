import { lazy, Suspense, useEffect, useState } from 'react';
import { useAfterLoad } from '@/lib/use-after-load';
import type { ContactTab } from '@pledgeway/domain/schemas/contact';
import { MailIcon } from '@/components/ui/icons';
import { PageBanner } from '@/components/ui/page-banner';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';

// The form brings react-hook-form and the zod schema (~45 KB gzip); it is fetched once the page
// has loaded so the banner and copy paint first (docs/performance.md).
const ContactForm = lazy(() => import('../components/contact-form'));

function FormPlaceholder() {
  return <div aria-hidden="true" className="h-[36rem] animate-pulse rounded-2xl bg-ink-50 motion-reduce:animate-none" />;
}

export default function ContactPage() {
  const [tab, setTab] = useState<ContactTab>('organizer');
  const loaded = useAfterLoad();

  useEffect(() => {
    document.title = 'Contact Us — Pledgeway';
  }, []);

  return (
    <>
      <PageBanner title="Contact Us" subtitle="Questions about a campaign, a pledge or your account? We answer within one business day." image="contact" />
      <div className="container-page grid gap-10 py-12 md:py-16 lg:grid-cols-[5fr_7fr] lg:gap-14">
        <div className="order-2 lg:order-1">
          <img
            src="/images/contact-side.svg"
            alt="A Pledgeway team member answering a message at a desk"
            width={560}
            height={640}
            className="w-full rounded-3xl object-cover"
          />
          <div className="mt-6 flex items-start gap-3 rounded-2xl bg-cream p-5">
            <MailIcon className="mt-0.5 shrink-0 text-brand-700" />
            <p className="text-sm text-ink-700">
              Prefer e-mail? Write to{' '}
              <a href="mailto:support@pledgeway.org" className="font-semibold text-ink-900 underline underline-offset-2">
                support@pledgeway.org
              </a>
              . For anything about a payment, include the campaign name and the date of your pledge.
            </p>
          </div>
        </div>
        <div className="order-1 lg:order-2">
          <h2 className="text-2xl font-bold md:text-3xl">Send us a message</h2>
          <p className="mt-2 text-ink-600">Choose who you are so your message reaches the right person.</p>
          <Tabs value={tab} onValueChange={(value) => setTab(value as ContactTab)}>
            <TabList label="Message type" className="mt-6">
              <Tab value="organizer">Campaign Organizer</Tab>
              <Tab value="support">User Support</Tab>
            </TabList>
            <TabPanel value="organizer" className="mt-6">
              {loaded ? (
                <Suspense fallback={<FormPlaceholder />}>
                  <ContactForm tab="organizer" />
                </Suspense>
              ) : (
                <FormPlaceholder />
              )}
            </TabPanel>
            <TabPanel value="support" className="mt-6">
              <Suspense fallback={<FormPlaceholder />}>
                <ContactForm tab="support" />
              </Suspense>
            </TabPanel>
          </Tabs>
        </div>
      </div>
    </>
  );
}
