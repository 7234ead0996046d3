import { services, servicesIntro, weSuggest, type ServiceSection } from '@/features/marketing/content/services';
import { Badge } from '@/components/ui/badge';
import { PageBanner } from '@/components/ui/page-banner';
import { useDocumentTitle } from '../hooks/use-document-title';

interface Group {
  head: ServiceSection;
  subsections: ServiceSection[];
}

/** 'full-content' sections start a group that collects the 'subsection' items after them; 'default' stands alone. */
function groupSections(sections: ServiceSection[]): Group[] {
  const groups: Group[] = [];
  for (const section of sections) {
    const last = groups.at(-1);
    if (section.kind === 'subsection' && last) last.subsections.push(section);
    else groups.push({ head: section, subsections: [] });
  }
  return groups;
}

function Paragraphs({ body }: { body: string[] }) {
  return (
    <div className="space-y-3 leading-relaxed text-ink-700">
      {body.map((paragraph) => {
        // "Label: text" paragraphs read better with the label in bold.
        const match = /^([A-Z][^:]{1,40}):\s(.+)$/.exec(paragraph);
        return (
          <p key={paragraph}>
            {match ? (
              <>
                <strong className="font-semibold text-ink-900">{match[1]}:</strong> {match[2]}
              </>
            ) : (
              paragraph
            )}
          </p>
        );
      })}
    </div>
  );
}

export default function ServicesPage() {
  useDocumentTitle(servicesIntro.title);
  const groups = groupSections(services);
  return (
    <>
      <PageBanner title={servicesIntro.title} subtitle={servicesIntro.lead} image="/images/hero-3.svg" />
      <div className="container-page py-12 md:py-16">
        {groups.map((group, index) => (
          <ServiceGroup key={group.head.id} group={group} first={index === 0} />
        ))}
        <WeSuggest />
      </div>
    </>
  );
}

/** A service: its head section beside its description, then its subsections as cards. */
function ServiceGroup({ group: { head, subsections }, first }: { group: Group; first: boolean }) {
  return (
    <section id={head.id} aria-labelledby={`${head.id}-title`} className={first ? '' : 'mt-16 border-t border-ink-100 pt-16'}>
      <div className="grid gap-8 lg:grid-cols-[1fr_1.4fr] lg:gap-14">
        <div>
          <h2 id={`${head.id}-title`} className="text-2xl font-bold md:text-3xl">
            {head.title}
          </h2>
          <span aria-hidden="true" className="mt-4 block h-1 w-12 rounded-full bg-brand-500" />
        </div>
        <div>
          <Paragraphs body={head.body} />
          {head.situation && (
            <div className="mt-6 rounded-2xl bg-cream p-5">
              <p className="text-xs font-semibold tracking-[0.15em] text-brand-800 uppercase">Situation</p>
              <p className="mt-2 text-ink-800">{head.situation}</p>
            </div>
          )}
          {head.steps && (
            <ol className="mt-6 space-y-3">
              {head.steps.map((step, stepIndex) => (
                <li key={step} className="flex gap-3">
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-ink-900 text-sm font-bold text-white">{stepIndex + 1}</span>
                  <span className="pt-0.5 text-ink-700">{step}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
      {subsections.length > 0 && (
        <div className="mt-10 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {subsections.map((sub) => (
            <SubsectionCard key={sub.id} sub={sub} />
          ))}
        </div>
      )}
    </section>
  );
}

function SubsectionCard({ sub }: { sub: ServiceSection }) {
  return (
    <article id={sub.id} className="card p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">{sub.title}</h3>
        {sub.availability && (
          <Badge tone={sub.availability === 'available' ? 'green' : 'grey'}>{sub.availability === 'available' ? 'Available' : 'Planned'}</Badge>
        )}
      </div>
      <div className="mt-3 text-sm">
        <Paragraphs body={sub.body} />
      </div>
      {sub.situation && (
        <p className="mt-4 rounded-xl bg-cream p-3 text-sm text-ink-800">
          <strong className="font-semibold">Situation:</strong> {sub.situation}
        </p>
      )}
    </article>
  );
}

function WeSuggest() {
  return (
    <section aria-labelledby="we-suggest" className="mt-16 rounded-3xl bg-ink-900 p-6 text-white md:p-12">
      <h2 id="we-suggest" className="text-2xl font-bold text-white md:text-3xl">
        We Suggest
      </h2>
      <p className="mt-3 max-w-2xl text-ink-100">Eight habits of campaigns that reach their target.</p>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {weSuggest.map((tip, index) => (
          <li key={tip.title} className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
            <span className="font-display text-sm font-bold text-brand-400">{String(index + 1).padStart(2, '0')}</span>
            <h3 className="mt-2 text-lg font-semibold text-white">{tip.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-ink-100">{tip.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
