import { z } from 'zod';
import { EventSummaryResponse } from './event-response.ts';

/** docs/product.md#8-messages (My Events, Delete) and docs/product.md#my-events (tabs), word for word. */
export const MY_EVENTS_MESSAGES = {
  unauthorized: 'Authentication failed. Please log in again.',
  serverError: 'Server error. Please try again later or enable demo mode.',
  network: 'Failed to fetch events. Check your connection.',
  dashboardError: 'Error loading events. Please try again later.',
  empty: 'No events created yet',
  deleted: 'Event deleted successfully',
  deletedDemo: 'Event deleted successfully (Demo Mode)',
  deleteFailed: 'Failed to delete event',
  notDeletable: 'Only a campaign that has not been approved yet (pending or rejected) can be deleted.',
} as const;

/** Tabs of My Events as docs/product.md#campaign-statuses lists them (issue 4). */
export const MY_EVENT_TABS = {
  open: { label: 'Open Events', statuses: ['pending', 'approved', 'freeze'] },
  closed: { label: 'Closed Events', statuses: ['close', 'completed', 'cancelled'] },
  rejected: { label: 'Rejected Events', statuses: ['rejected'] },
} as const;
export type MyEventTab = keyof typeof MY_EVENT_TABS;

/** A creator may delete a campaign only before approval (docs/product.md#campaign-life-cycle). */
export const DELETABLE_EVENT_STATUSES = ['pending', 'rejected'] as const;
export function canDeleteEvent(status: string): boolean {
  return (DELETABLE_EVENT_STATUSES as readonly string[]).includes(status.toLowerCase());
}

export const MyEventsQuery = z.object({ userId: z.string().uuid('Invalid user id').optional() });

export const MyEventsResponse = z.object({ success: z.literal(true), data: z.array(EventSummaryResponse) });
export type MyEventsResponse = z.infer<typeof MyEventsResponse>;

export const DeleteEventResponse = z.object({ success: z.literal(true), message: z.string(), releasedPledges: z.number() });
export type DeleteEventResponse = z.infer<typeof DeleteEventResponse>;
