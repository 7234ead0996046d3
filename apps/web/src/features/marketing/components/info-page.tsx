import type { ReactNode } from 'react';
import { PageBanner, type BannerImage } from '@/components/ui/page-banner';
import { useDocumentTitle } from '../hooks/use-document-title';

export interface InfoSection {
  id?: string;
  title: string;
  paragraphs: string[];
}

interface InfoPageProps {
  title: string;
  subtitle?: string;
  lastUpdated?: string;
  intro: string[];
  sections: InfoSection[];
  image?: BannerImage;
  /** Numbered headings for legal text ("1. Acceptance…"). */
  numbered?: boolean;
  /** Extra content after the sections (e.g. the cookie table). */
  children?: ReactNode;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Legal and information pages: banner, introduction, a contents list, then titled sections. */
export function InfoPage({ title, subtitle, lastUpdated, intro, sections, image = 'legal', numbered = false, children }: InfoPageProps) {
  useDocumentTitle(title);
  const withIds = sections.map((section) => ({ ...section, anchor: section.id ?? slug(section.title) }));
  // Some copy already numbers its titles ("1. Eligibility"); never number twice.
  const addNumbers = numbered && !sections.some((section) => /^\d+\./.test(section.title));
  return (
    <>
      <PageBanner title={title} subtitle={subtitle} image={image} />
      <div className="container-page grid gap-10 py-12 md:py-16 lg:grid-cols-[16rem_1fr] lg:gap-14">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-32">
            <p className="text-xs font-semibold tracking-[0.15em] text-ink-500 uppercase">On this page</p>
            <ol className="mt-3 space-y-1.5 border-l border-ink-100 text-sm">
              {withIds.map((section, index) => (
                <li key={section.anchor}>
                  <a
                    href={`#${section.anchor}`}
                    className="-ml-px block border-l-2 border-transparent py-0.5 pl-3 text-ink-600 hover:border-brand-500 hover:text-ink-900"
                  >
                    {addNumbers ? `${index + 1}. ` : ''}
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article className="max-w-3xl">
          {lastUpdated && <p className="text-sm font-medium text-ink-500">Last updated {lastUpdated}</p>}
          <div className="mt-4 space-y-4 text-lg leading-relaxed text-ink-700">
            {intro.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          {withIds.map((section, index) => (
            <section key={section.anchor} id={section.anchor} aria-labelledby={`${section.anchor}-title`} className="mt-10 scroll-mt-32">
              <h2 id={`${section.anchor}-title`} className="text-xl font-semibold md:text-2xl">
                {addNumbers ? `${index + 1}. ` : ''}
                {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-ink-700">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
          {children}
        </article>
      </div>
    </>
  );
}
