/** The four campaign kinds and their display names, free of zod so page chunks stay small. */
export const EVENT_KINDS = ['event', 'money_bomb', 'runoff', 'crowdfunding'] as const;
export type EventKindValue = (typeof EVENT_KINDS)[number];

export const KIND_LABELS: Record<EventKindValue, string> = {
  event: 'Event Promotion',
  money_bomb: 'Money Bomb',
  runoff: 'Runoff Competition',
  crowdfunding: 'Crowdfunding',
};
