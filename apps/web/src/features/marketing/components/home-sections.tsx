import { Link } from 'react-router';
import { home } from '@/features/marketing/content/home';
import { buttonClasses } from '@/components/ui/button';
import { ArrowRightIcon, CalendarIcon, CardIcon, CheckCircleIcon, FlagIcon, HeartHandIcon, ShieldIcon } from '@/components/ui/icons';
import { SectionHeading } from './section-heading';

const FEATURE_ICONS = [CheckCircleIcon, HeartHandIcon, ShieldIcon, CalendarIcon, FlagIcon, CardIcon];

export function CompetitionOptions() {
  const content = home.competitionOptions;
  return (
    <section aria-labelledby="competition-options" className="bg-ink-50">
      <div className="container-page py-16 md:py-24">
        <SectionHeading id="competition-options" eyebrow="Campaign formats" title={content.title} intro={content.intro} />
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {content.cards.map((card, index) => (
            <article key={card.title} className="card flex flex-col p-6">
              <span className="font-display text-4xl font-bold text-brand-700">{String(index + 1).padStart(2, '0')}</span>
              <h3 className="mt-3 text-xl font-semibold">{card.title}</h3>
              <p className="mt-2 text-ink-600">{card.body}</p>
            </article>
          ))}
        </div>
        <div className="mt-10 text-center">
          <Link to={content.href} className={buttonClasses({ variant: 'dark', size: 'lg' })}>
            {content.buttonLabel} <ArrowRightIcon size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}

export function CustomizableFeatures() {
  const content = home.customizableFeatures;
  return (
    <section aria-labelledby="customizable-features" className="container-page py-16 md:py-24">
      <SectionHeading id="customizable-features" eyebrow="Your campaign, your rules" title={content.title} intro={content.intro} />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {content.cards.map((card, index) => {
          const Icon = FEATURE_ICONS[index % FEATURE_ICONS.length]!;
          return (
            <li key={card.title} className="flex gap-4 rounded-2xl p-2">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-100 text-brand-800">
                <Icon size={24} />
              </span>
              <div>
                <h3 className="text-lg font-semibold">{card.title}</h3>
                <p className="mt-1 text-ink-600">{card.body}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Four steps joined by a line: Campaign → Pledges → Event → Charity. */
export function EventPromotionSteps() {
  const content = home.eventPromotion;
  return (
    <section aria-labelledby="event-promotion" className="bg-ink-900 text-white">
      <div className="container-page py-16 md:py-24">
        <SectionHeading id="event-promotion" eyebrow="Event Promotion" title={content.title} intro={content.intro} tone="dark" />
        <ol className="relative mt-14 grid gap-10 md:grid-cols-4 md:gap-6">
          <span
            aria-hidden="true"
            className="absolute top-8 right-[12.5%] left-[12.5%] hidden h-0.5 bg-gradient-to-r from-brand-500 via-brand-300 to-brand-500 md:block"
          />
          {content.steps.map((step, index) => (
            <li key={step.title} className="relative flex flex-col items-center text-center">
              <span className="relative flex size-16 items-center justify-center rounded-full bg-brand-500 font-display text-2xl font-bold text-ink-900 ring-8 ring-ink-900">
                {index + 1}
              </span>
              <h3 className="mt-5 text-xl font-semibold text-white">{step.title}</h3>
              <p className="mt-2 max-w-xs text-ink-100">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** Three overlapping circles: Campaign, Donations, Funding. */
export function MoneyBombCircles() {
  const content = home.moneyBomb;
  const tones = ['bg-brand-500 text-ink-900', 'bg-ink-900 text-white', 'bg-teal-600 text-white'];
  return (
    <section aria-labelledby="money-bomb" className="container-page py-16 md:py-24">
      <SectionHeading id="money-bomb" eyebrow="Fast fundraising" title={content.title} intro={content.intro} />
      <ol className="mt-12 flex flex-col items-center gap-6 md:flex-row md:justify-center md:gap-0">
        {content.circles.map((circle, index) => (
          <li
            key={circle.title}
            className={`flex size-64 flex-col items-center justify-center rounded-full p-8 text-center shadow-card md:size-72 ${tones[index]} ${index > 0 ? 'md:-ml-8' : ''}`}
          >
            <h3 className="text-2xl font-bold text-inherit">{circle.title}</h3>
            <p className="mt-2 text-sm leading-relaxed opacity-95 md:text-base">{circle.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function HowItWorks() {
  const content = home.howItWorks;
  return (
    <section aria-labelledby="how-it-works" className="bg-cream">
      <div className="container-page py-16 md:py-24">
        <SectionHeading id="how-it-works" eyebrow="Start to finish" title={content.title} />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {content.steps.map((step, index) => (
            <li key={step.title} className="card p-6">
              <span className="text-sm font-bold tracking-[0.15em] text-brand-700 uppercase">Step {index + 1}</span>
              <h3 className="mt-2 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-ink-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function PromotionalPowers() {
  const content = home.promotionalPowers;
  return (
    <section aria-labelledby="promotional-powers" className="container-page py-16 md:py-24">
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:gap-16">
        <SectionHeading id="promotional-powers" eyebrow="Reach further" title={content.title} intro={content.intro} align="left" />
        <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2">
          {content.items.map((item) => (
            <li key={item.title} className="border-l-4 border-brand-500 pl-4">
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <p className="mt-1 text-ink-600">{item.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function RunoffSteps() {
  const content = home.runoffSteps;
  return (
    <section aria-labelledby="runoff-steps" className="bg-ink-50">
      <div className="container-page py-16 md:py-24">
        <SectionHeading id="runoff-steps" eyebrow="Head to head" title={content.title} intro={content.intro} />
        <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {content.steps.map((step, index) => (
            <li key={step.title} className="relative overflow-hidden rounded-2xl bg-white p-6 shadow-card">
              <span aria-hidden="true" className="absolute top-3 right-5 font-display text-6xl leading-none font-bold text-ink-100">
                {index + 1}
              </span>
              <h3 className="relative pr-12 text-lg font-semibold">{step.title}</h3>
              <p className="relative mt-2 text-ink-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
