import { CallsToAction } from './calls-to-action';
import { CharitiesSlider } from './charities-slider';
import { ExploreEvents } from './explore-events';
import { CompetitionOptions, CustomizableFeatures, EventPromotionSteps, HowItWorks, MoneyBombCircles, PromotionalPowers, RunoffSteps } from './home-sections';
import { PopularEvents } from './popular-events';

/** Every home section after the hero, in SPEC.md's order (its own chunk; see pages/home.tsx). */
export default function HomeBelowFold() {
  return (
    <>
      <CharitiesSlider />
      <CompetitionOptions />
      <CustomizableFeatures />
      <EventPromotionSteps />
      <MoneyBombCircles />
      <ExploreEvents />
      <PopularEvents />
      <HowItWorks />
      <PromotionalPowers />
      <RunoffSteps />
      <CallsToAction />
    </>
  );
}
