/** Campaign statuses (docs/product.md#campaign-life-cycle) and who may move a campaign between them. */
export const EVENT_STATUSES = ['pending', 'approved', 'rejected', 'freeze', 'close', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Live campaigns the public may browse: approved ones, and frozen ones (shown with Event Frozen). */
export const PUBLIC_LIST_STATUSES = ['approved', 'freeze'] as const satisfies readonly EventStatus[];

export type Actor = 'owner' | 'admin';

const TRANSITIONS: Record<Actor, Partial<Record<EventStatus, readonly EventStatus[]>>> = {
  owner: {
    rejected: ['pending'],
    approved: ['close', 'completed'],
  },
  admin: {
    pending: ['approved', 'rejected'],
    approved: ['freeze', 'close', 'completed'],
    freeze: ['approved'],
    rejected: ['pending'],
  },
};

export function allowedTransitions(from: EventStatus, actor: Actor): readonly EventStatus[] {
  return TRANSITIONS[actor][from] ?? [];
}

export function canTransition(from: EventStatus, to: EventStatus, actor: Actor): boolean {
  return from === to || allowedTransitions(from, actor).includes(to);
}

/** Badge colour of docs/product.md#campaign-statuses; approved is shown as Active. */
export function statusBadge(status: string | null | undefined): { label: string; tone: 'green' | 'yellow' | 'blue' | 'red' | 'grey' } {
  const value = (status ?? '').toLowerCase();
  switch (value) {
    case 'approved':
    case 'active':
      return { label: 'Active', tone: 'green' };
    case 'pending':
      return { label: 'Pending', tone: 'yellow' };
    case 'completed':
      return { label: 'Completed', tone: 'blue' };
    case 'cancelled':
      return { label: 'Cancelled', tone: 'red' };
    case 'freeze':
      return { label: 'Frozen', tone: 'grey' };
    case 'close':
      return { label: 'Closed', tone: 'grey' };
    case 'rejected':
      return { label: 'Rejected', tone: 'grey' };
    case '':
      return { label: 'Draft', tone: 'grey' };
    default:
      return { label: value.charAt(0).toUpperCase() + value.slice(1), tone: 'grey' };
  }
}

/**
 * What a campaign's own page says above a campaign that is not live, in words a supporter reads
 * (never the status code): whether it takes pledges, and who sees it.
 */
export function statusNotice(status: string): string | null {
  switch (status) {
    case 'approved':
      return null;
    case 'pending':
      return 'This campaign is awaiting review. Only you and the admins can see it.';
    case 'rejected':
      return 'This campaign was not approved. Only you and the admins can see it.';
    case 'freeze':
      return 'This campaign is frozen: it is not taking pledges right now.';
    case 'completed':
      return 'This campaign is completed and no longer takes pledges.';
    case 'close':
      return 'This campaign is closed and no longer takes pledges.';
    case 'cancelled':
      return 'This campaign was cancelled and no longer takes pledges.';
    default:
      return 'This campaign is not taking pledges right now.';
  }
}
