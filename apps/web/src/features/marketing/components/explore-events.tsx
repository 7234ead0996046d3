import { useState } from 'react';
import { Link } from 'react-router';
import { home } from '@/features/marketing/content/home';
import { ArrowRightIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { SectionHeading } from './section-heading';

/**
 * The explainer video's YouTube id (set VITE_EXPLAINER_VIDEO_ID at build time). The player is a
 * privacy-enhanced youtube-nocookie.com iframe (allowed by the CSP's frame-src) created only
 * after the visitor clicks, so no third-party request happens on page load.
 */
const VIDEO_ID: string | undefined = import.meta.env.VITE_EXPLAINER_VIDEO_ID || undefined;

function VideoPlayer() {
  const { video } = home.exploreEvents;
  const [playing, setPlaying] = useState(false);
  if (playing && VIDEO_ID) {
    return (
      <iframe
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(VIDEO_ID)}?autoplay=1&rel=0`}
        title="How a Pledgeway campaign works (video)"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        className="aspect-video w-full rounded-3xl bg-ink-900"
      />
    );
  }
  if (playing) {
    // No video configured for this installation: the same story, told in four steps.
    return (
      <div
        role="region"
        aria-label="How a campaign works"
        className="flex aspect-video w-full flex-col justify-center rounded-3xl bg-ink-900 p-6 text-white md:p-10"
      >
        <p className="font-display text-lg font-semibold text-brand-400">How a campaign works</p>
        <ol className="mt-4 grid gap-3 text-sm sm:grid-cols-2 md:text-base">
          {home.eventPromotion.steps.map((step, index) => (
            <li key={step.title}>
              <span className="font-semibold text-white">
                {index + 1}. {step.title}:
              </span>{' '}
              <span className="text-ink-100">{step.body}</span>
            </li>
          ))}
        </ol>
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className="group relative block w-full overflow-hidden rounded-3xl"
      aria-label={VIDEO_ID ? video.thumbnailAlt : video.stepsAlt}
    >
      <img
        src={video.thumbnail}
        alt=""
        width={960}
        height={540}
        loading="lazy"
        className="aspect-video w-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
      />
      <span className="absolute top-4 left-4 inline-flex items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-ink-900 shadow-card">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14" fill="currentColor">
          <path d="M8 5v14l11-7Z" />
        </svg>
        {VIDEO_ID ? video.playLabel : video.stepsLabel}
      </span>
    </button>
  );
}

export function ExploreEvents() {
  const content = home.exploreEvents;
  return (
    <section aria-labelledby="explore-events" className="container-page py-16 md:py-24">
      <SectionHeading id="explore-events" eyebrow="See it in action" title={content.title} intro={content.intro} />
      <div className="mt-12 grid gap-10 lg:grid-cols-[3fr_2fr] lg:items-start">
        <figure>
          <VideoPlayer />
          <figcaption className="mt-3 text-sm text-ink-500">{VIDEO_ID ? content.video.caption : content.video.stepsCaption}</figcaption>
        </figure>
        <ul className="grid gap-4 sm:grid-cols-2">
          {content.topics.map((topic) => (
            <li key={topic.topic}>
              <Link to={paths.eventsInCategory(topic.topic)} className="group card block h-full overflow-hidden transition-shadow hover:shadow-lg">
                <img src={topic.image} alt={topic.imageAlt} width={320} height={180} loading="lazy" className="aspect-[16/9] w-full object-cover" />
                <span className="block p-4">
                  <span className="flex items-center justify-between font-display text-lg font-semibold text-ink-900">
                    {topic.title}
                    <ArrowRightIcon size={18} className="text-brand-700 transition-transform group-hover:translate-x-1 motion-reduce:transition-none" />
                  </span>
                  <span className="mt-1 block text-sm text-ink-600">{topic.body}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
