import type { EventKind } from '@pledgeway/domain/schemas/event-response';
import { paths } from '@/config/paths';

export interface CampaignListConfig {
  path: string;
  kind?: EventKind;
  /** Banner title. */
  title: string;
  /** Grid heading under the banner. */
  heading: string;
  subtitle: string;
  emptyText: string;
}

/** The five list routes share one page; the path picks the kind (docs/product.md#routes). */
export const CAMPAIGN_LISTS: CampaignListConfig[] = [
  {
    path: paths.events,
    title: 'Campaigns',
    heading: 'Popular Events',
    subtitle: 'Live campaigns raising money for charities across the United States. Pledge to the ones you believe in.',
    emptyText: 'There are no live campaigns right now. New campaigns are reviewed every day, so check back soon.',
  },
  {
    path: paths.promotions,
    kind: 'event',
    title: 'Event Promotions',
    heading: 'Event Promotions',
    subtitle: 'Pledge to an event with invited participants. You are charged only if the event is completed.',
    emptyText: 'No event promotions are live right now. Check back soon, or start one yourself.',
  },
  {
    path: paths.moneyBomb,
    kind: 'money_bomb',
    title: 'Money Bomb',
    heading: 'Money Bomb Campaigns',
    subtitle: 'Short fundraising pushes for any purpose. Donations are charged when the deadline arrives.',
    emptyText: 'No money bombs are live right now. Check back soon, or start one yourself.',
  },
  {
    path: paths.competitions,
    kind: 'runoff',
    title: 'Runoff Competitions',
    heading: 'Runoff Competitions',
    subtitle: 'Two or more contenders, each with its own donation button. The one with the most support wins.',
    emptyText: 'No runoff competitions are live right now. Check back soon, or start one yourself.',
  },
  {
    path: paths.crowdfunding,
    kind: 'crowdfunding',
    title: 'Crowdfunding',
    heading: 'Crowdfunding Campaigns',
    subtitle: 'Clear goals, firm deadlines and regular updates, all or nothing or keep what you raise.',
    emptyText: 'No crowdfunding campaigns are live right now. Check back soon, or start one yourself.',
  },
];

export function listConfigFor(pathname: string): CampaignListConfig {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return CAMPAIGN_LISTS.find((list) => list.path === clean) ?? CAMPAIGN_LISTS[0]!;
}
