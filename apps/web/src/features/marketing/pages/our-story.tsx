import { Link } from 'react-router';
import { ourStory } from '@/features/marketing/content/our-story';
import { buttonClasses } from '@/components/ui/button';
import { ArrowRightIcon } from '@/components/ui/icons';
import { PageBanner } from '@/components/ui/page-banner';
import { useDocumentTitle } from '../hooks/use-document-title';

type Story = typeof ourStory;

export default function OurStoryPage() {
  useDocumentTitle(ourStory.title);
  const { mission, story, quotes, community } = ourStory;
  return (
    <>
      <PageBanner title={ourStory.title} subtitle="Why we built a place where a pledge is charged only when the promise is kept." image="/images/hero-2.svg" />
      <MissionSection mission={mission} />
      <StorySection story={story} />
      <VoicesSection quotes={quotes} />
      <CommunitySection community={community} />
    </>
  );
}

function MissionSection({ mission }: { mission: Story['mission'] }) {
  return (
    <section aria-labelledby="mission" className="container-page py-12 md:py-20">
      <div className="max-w-3xl">
        <p className="text-sm font-semibold tracking-[0.2em] text-brand-700 uppercase">Mission</p>
        <h2 id="mission" className="mt-2 text-3xl font-bold md:text-4xl">
          {mission.heading}
        </h2>
        <p className="mt-5 text-lg leading-relaxed text-ink-700">{mission.statement}</p>
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {mission.pillars.map((pillar, index) => (
          <div key={pillar.title} className="card p-6">
            <span className="flex size-10 items-center justify-center rounded-full bg-brand-500 font-display font-bold text-ink-900">{index + 1}</span>
            <h3 className="mt-4 text-lg font-semibold">{pillar.title}</h3>
            <p className="mt-2 text-ink-600">{pillar.body}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

function StorySection({ story }: { story: Story['story'] }) {
  return (
    <section aria-labelledby="story" className="bg-cream">
      <div className="container-page grid gap-10 py-12 md:py-20 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id="story" className="text-3xl font-bold md:text-4xl">
            {story.heading}
          </h2>
          <div className="mt-5 space-y-4 leading-relaxed text-ink-700">
            {story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
        <img
          src="/images/hero-1.svg"
          alt="Neighbors gathered at an outdoor community event"
          width={640}
          height={480}
          loading="lazy"
          className="w-full rounded-3xl object-cover shadow-card"
        />
      </div>
    </section>
  );
}

function VoicesSection({ quotes }: { quotes: Story['quotes'] }) {
  return (
    <section aria-labelledby="voices" className="container-page py-12 md:py-20">
      <h2 id="voices" className="text-3xl font-bold md:text-4xl">
        In Their Words
      </h2>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {quotes.map((quote) => (
          <figure key={quote.author.name} className="card flex flex-col p-6">
            <span aria-hidden="true" className="font-display text-5xl leading-none text-brand-500">
              “
            </span>
            <blockquote className="mt-2 flex-1 leading-relaxed text-ink-700">{quote.text}</blockquote>
            <figcaption className="mt-5 border-t border-ink-100 pt-4">
              <span className="block font-semibold text-ink-900">{quote.author.name}</span>
              <span className="block text-sm text-ink-500">{quote.author.role}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

function CommunitySection({ community }: { community: Story['community'] }) {
  return (
    <section aria-labelledby="community" className="bg-ink-900 text-white">
      <div className="container-page py-12 md:py-20">
        <div className="max-w-3xl">
          <h2 id="community" className="text-3xl font-bold text-white md:text-4xl">
            {community.heading}
          </h2>
          <div className="mt-5 space-y-4 leading-relaxed text-ink-100">
            {community.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <Link to={community.ctaHref} className={buttonClasses({ className: 'mt-8' })}>
            {community.ctaLabel} <ArrowRightIcon size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}
