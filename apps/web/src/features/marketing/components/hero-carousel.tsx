import { useEffect, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ArrowRightIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { home } from '@/features/marketing/content/home';

const INTERVAL_MS = 5000;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
function subscribeToMotionPreference(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The visitor's motion preference; false on the server and while hydrating, as the server rendered it. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotionPreference,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

type Slide = (typeof home.heroSlides)[number];

/** Which slide shows, moving on every 5 s unless paused by the visitor, hover, focus or reduced motion. */
function useRotation(count: number) {
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const running = !userPaused && !reducedMotion && !hovered && !focused;

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [running, index, count]);

  const pauseWhileInside = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };
  return { index, setIndex, userPaused, togglePaused: () => setUserPaused((value) => !value), reducedMotion, pauseWhileInside };
}

/**
 * The home hero (docs/product.md#home): three backgrounds, a new slide every 5 s with a 500 ms fade, clickable dots.
 * It pauses while hovered or focused, when the visitor prefers reduced motion, and with the
 * pause button (WCAG 2.2.2).
 */
export function HeroCarousel() {
  const slides = home.heroSlides;
  const { index, setIndex, userPaused, togglePaused, reducedMotion, pauseWhileInside } = useRotation(slides.length);

  return (
    <section
      data-hero
      aria-roledescription="carousel"
      aria-label="Welcome to Pledgeway"
      className="relative isolate flex min-h-[36rem] overflow-hidden bg-ink-900 pt-header text-white md:min-h-[40rem] xl:min-h-[46rem] xl:pt-header-xl"
      {...pauseWhileInside}
    >
      <h1 className="sr-only">Pledgeway: pledge to events that raise money for charity</h1>
      {slides.map((slide, slideIndex) => (
        <HeroSlide key={slide.image} slide={slide} position={slideIndex} count={slides.length} active={slideIndex === index} />
      ))}

      <div className="absolute inset-x-0 bottom-8 z-20">
        <div className="container-page flex items-center gap-4">
          <div className="flex gap-2">
            {slides.map((slide, slideIndex) => (
              <button
                key={slide.image}
                type="button"
                onClick={() => setIndex(slideIndex)}
                aria-label={`Show slide ${slideIndex + 1}: ${slide.title}`}
                aria-current={slideIndex === index ? 'true' : undefined}
                className="flex size-11 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'block h-3 rounded-full transition-all motion-reduce:transition-none',
                    slideIndex === index ? 'w-8 bg-brand-500' : 'w-3 bg-white/60 hover:bg-white',
                  )}
                />
              </button>
            ))}
          </div>
          {!reducedMotion && <PlayPauseButton paused={userPaused} onToggle={togglePaused} />}
        </div>
      </div>
    </section>
  );
}

function HeroSlide({ slide, position, count, active }: { slide: Slide; position: number; count: number; active: boolean }) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      aria-hidden={!active}
      inert={!active}
      className={cn(
        'absolute inset-0 flex transition-opacity duration-500 ease-in-out motion-reduce:transition-none',
        active ? 'z-10 opacity-100' : 'z-0 opacity-0',
      )}
    >
      <img
        src={slide.image}
        alt=""
        className="absolute inset-0 -z-20 size-full object-cover"
        fetchPriority={position === 0 ? 'high' : 'low'}
        loading={position === 0 ? 'eager' : 'lazy'}
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-ink-900/85 md:bg-transparent md:bg-gradient-to-r md:from-ink-900/95 md:via-ink-900/75 md:to-ink-900/20"
      />
      <div className="container-page flex items-center pt-header pb-24 xl:pt-header-xl">
        <div className="max-w-2xl">
          <h2 className="font-display text-4xl leading-tight font-bold text-white md:text-5xl xl:text-6xl">{slide.title}</h2>
          <p className="mt-5 max-w-xl text-lg text-ink-100 md:text-xl">{slide.subtitle}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.events} className={buttonClasses({ size: 'lg' })}>
              Explore Campaigns <ArrowRightIcon size={18} />
            </Link>
            <Link to={paths.services} className="btn btn-lg border-2 border-white text-white hover:bg-white hover:text-ink-900">
              How It Works
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}

function PlayPauseButton({ paused, onToggle }: { paused: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
      className="flex size-11 items-center justify-center rounded-full border-2 border-white/60 text-white hover:border-white hover:bg-white/10"
    >
      {paused ? (
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
          <path d="M7 4.5v15l13-7.5Z" />
        </svg>
      ) : (
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
          <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
        </svg>
      )}
    </button>
  );
}
