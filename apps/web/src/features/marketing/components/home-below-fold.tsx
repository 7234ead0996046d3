import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { CallsToAction } from './calls-to-action';
import { CharitiesSlider } from './charities-slider';
import { ExploreEvents } from './explore-events';
import { CompetitionOptions, CustomizableFeatures, EventPromotionSteps, HowItWorks, MoneyBombCircles, PromotionalPowers, RunoffSteps } from './home-sections';
import { PopularEvents } from './popular-events';

/** Every home section after the hero, in the order of docs/product.md#home. */
const SECTIONS: [key: string, Section: ComponentType][] = [
  ['charities', CharitiesSlider],
  ['competition-options', CompetitionOptions],
  ['customizable-features', CustomizableFeatures],
  ['event-promotion', EventPromotionSteps],
  ['money-bomb', MoneyBombCircles],
  ['explore-events', ExploreEvents],
  ['popular-events', PopularEvents],
  ['how-it-works', HowItWorks],
  ['promotional-powers', PromotionalPowers],
  ['runoff', RunoffSteps],
  ['calls-to-action', CallsToAction],
];

/** After the browser has had a chance to paint and is idle (a timer where there is no idle callback). */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 500 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 0);
  return () => window.clearTimeout(handle);
}

/**
 * The sections under the hero (its own chunk; see pages/home.tsx), added one at a time, each when
 * the browser is idle after the previous one: all of them at once were one long task (rendering,
 * committing and laying out eleven sections) right after the page loaded, on a phone's CPU the
 * largest block of the home page's blocking time. Until the last is in, a screen-high space keeps
 * the footer below the fold, so the page does not shift.
 */
export default function HomeBelowFold() {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= SECTIONS.length) return;
    return whenIdle(() => startTransition(() => setShown((count) => count + 1)));
  }, [shown]);
  return (
    <>
      {SECTIONS.slice(0, shown).map(([key, Section]) => (
        <Section key={key} />
      ))}
      {shown < SECTIONS.length && <div className="min-h-screen" aria-hidden="true" />}
    </>
  );
}
