import useEmblaCarousel from 'embla-carousel-react';
import { Children, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronRightIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useNearViewport } from '@/lib/near-viewport';

interface CarouselProps {
  /** Accessible name of the carousel region, e.g. "Fill A Belly charities". */
  label: string;
  children: ReactNode;
  /** Width of one slide per breakpoint, e.g. "basis-full sm:basis-1/2 lg:basis-1/3". */
  slideClassName?: string;
  /** Gap between slides: padding on each slide and a matching negative margin on the track. */
  gap?: 'charities' | 'cards';
  /** A heading or text shown left of the previous/next buttons. */
  header?: ReactNode;
  className?: string;
}

// docs/product.md#charities: 20 px between cards at 1024 px and up, 15 px at 640–1023, 10 px below.
const GAPS = {
  charities: { track: '-ml-2.5 sm:-ml-[15px] lg:-ml-5', slide: 'pl-2.5 sm:pl-[15px] lg:pl-5' },
  cards: { track: '-ml-4 lg:-ml-6', slide: 'pl-4 lg:pl-6' },
} as const;

/**
 * A scrollable row of slides (Embla) with round previous/next buttons above it. Keyboard: the
 * buttons, arrow keys on the focused track, and Tab into a slide brings that slide into view.
 */
export function Carousel({ label, children, slideClassName = 'basis-full', gap = 'cards', header, className }: CarouselProps) {
  const id = useId();
  // Embla measures every slide when it starts (a forced layout of the whole page): it starts when
  // the carousel comes near the viewport, not while the page loads.
  const region = useRef<HTMLElement>(null);
  const near = useNearViewport(region);
  const [viewportRef, api] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps', slidesToScroll: 1, active: near });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const slides = Children.toArray(children);

  const update = useCallback(() => {
    if (!api || !near) return;
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api, near]);

  useEffect(() => {
    if (!api) return;
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api, update]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      api?.scrollPrev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      api?.scrollNext();
    }
  }

  /** Focus moving into a hidden slide scrolls the track to it, so the focused control is visible. */
  function onFocusSlide(index: number) {
    if (!api || !near) return;
    if (!api.slidesInView().includes(index)) api.scrollTo(Math.min(index, api.scrollSnapList().length - 1));
    // The browser may already have scrolled the clipped viewport to reveal the focus; undo that.
    const viewport = api.rootNode();
    viewport.scrollLeft = 0;
  }

  return (
    <section ref={region} aria-roledescription="carousel" aria-label={label} className={className}>
      <div className="mb-5 flex items-end justify-between gap-4">
        <div className="min-w-0">{header}</div>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            onClick={() => api?.scrollPrev()}
            disabled={!canPrev}
            aria-controls={id}
            aria-label={`Previous ${label}`}
            className="flex size-11 items-center justify-center rounded-full border-2 border-ink-900 text-ink-900 transition-colors hover:bg-ink-900 hover:text-white disabled:cursor-not-allowed disabled:border-ink-200 disabled:text-ink-300 disabled:hover:bg-transparent"
          >
            <ChevronRightIcon className="rotate-180" />
          </button>
          <button
            type="button"
            onClick={() => api?.scrollNext()}
            disabled={!canNext}
            aria-controls={id}
            aria-label={`Next ${label}`}
            className="flex size-11 items-center justify-center rounded-full border-2 border-ink-900 text-ink-900 transition-colors hover:bg-ink-900 hover:text-white disabled:cursor-not-allowed disabled:border-ink-200 disabled:text-ink-300 disabled:hover:bg-transparent"
          >
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <div ref={viewportRef} className="overflow-hidden" onKeyDown={onKeyDown}>
        <div id={id} className={cn('flex touch-pan-y py-2', GAPS[gap].track)}>
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              onFocus={() => onFocusSlide(index)}
              className={cn('min-w-0 shrink-0 grow-0', GAPS[gap].slide, slideClassName)}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
