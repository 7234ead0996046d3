import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { faq, faqIntro } from '@/features/marketing/content/faq';
import { buttonClasses } from '@/components/ui/button';
import { ChevronDownIcon, SearchIcon } from '@/components/ui/icons';
import { PageBanner } from '@/components/ui/page-banner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '../hooks/use-document-title';

/** /support: Help & Support, a searchable FAQ accordion (native details/summary: keyboard and screen-reader friendly). */
export default function SupportPage() {
  useDocumentTitle(faqIntro.title);
  const [filter, setFilter] = useState('');
  const searchId = useId();
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);

  const topics = useMemo(
    () =>
      faq
        .map((topic) => ({
          ...topic,
          items: topic.items.filter((item) => {
            const text = `${topic.topic} ${item.q} ${item.a}`.toLowerCase();
            return words.every((word) => text.includes(word));
          }),
        }))
        .filter((topic) => topic.items.length > 0),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filter],
  );
  const count = topics.reduce((sum, topic) => sum + topic.items.length, 0);

  return (
    <>
      <PageBanner title={faqIntro.title} subtitle="Pledges, charging, fees, tips, refunds and campaign kinds, explained." image="legal" />
      <div className="container-page max-w-4xl py-12 md:py-16">
        <p className="text-lg leading-relaxed text-ink-700">{faqIntro.lead}</p>

        <div className="mt-8">
          <label htmlFor={searchId} className="label">
            Search the answers
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute inset-y-0 left-4 my-auto text-ink-400" />
            <input
              id={searchId}
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder="For example: refund, tip, runoff"
              className="input pl-12"
            />
          </div>
          <p aria-live="polite" className="mt-2 text-sm text-ink-500">
            {words.length ? `${count} ${count === 1 ? 'answer matches' : 'answers match'} your search.` : ''}
          </p>
        </div>

        {topics.map((topic) => (
          <section key={topic.topic} aria-labelledby={`faq-${topic.topic}`} className="mt-10">
            <h2 id={`faq-${topic.topic}`} className="text-xl font-semibold md:text-2xl">
              {topic.topic}
            </h2>
            <div className="mt-4 divide-y divide-ink-100 rounded-2xl border border-ink-100 bg-white">
              {topic.items.map((item) => (
                <details key={item.q} className="group" open={words.length > 0 ? true : undefined}>
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-ink-900 hover:bg-ink-50 [&::-webkit-details-marker]:hidden">
                    {item.q}
                    <ChevronDownIcon className="shrink-0 text-ink-500 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
                  </summary>
                  <p className="px-5 pb-5 leading-relaxed text-ink-700">{item.a}</p>
                </details>
              ))}
            </div>
          </section>
        ))}
        {count === 0 && <p className="mt-10 text-ink-600">No answer matches “{filter}”. Try another word, or ask us directly.</p>}

        <div className="mt-14 flex flex-col items-start gap-4 rounded-2xl bg-cream p-6 sm:flex-row sm:items-center sm:justify-between md:p-8">
          <div>
            <h2 className="text-lg font-semibold">Still need help?</h2>
            <p className="mt-1 text-ink-700">Our team answers every message, usually within one business day.</p>
          </div>
          <Link to={paths.contact} className={buttonClasses({ variant: 'dark' })}>
            Contact Us
          </Link>
        </div>
      </div>
    </>
  );
}
