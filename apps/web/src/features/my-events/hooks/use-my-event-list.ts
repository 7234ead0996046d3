import type { EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { MY_EVENT_TABS, MY_EVENTS_MESSAGES, type MyEventTab } from '@pledgeway/domain/schemas/my-events';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useAuth } from '@/lib/auth';
import { useMyEvents } from '@/lib/my-events';
import { useDeleteEvent } from '../api/delete-event';
import { demoEvents } from '../lib/demo-events';
import { describeLoadFailure } from '../lib/load-error';

export const TAB_ORDER: MyEventTab[] = ['open', 'closed', 'rejected'];

/** The user's events by tab, or Demo Mode's samples when they cannot be loaded (docs/product.md#demo-mode-and-test-mode). */
export function useMyEventList() {
  const { user } = useAuth();
  const events = useMyEvents(user?._id);
  const [demo, setDemo] = useState<EventSummaryResponse[] | null>(null);
  const failure = events.isError ? describeLoadFailure(events.error) : null;

  // Demo Mode starts by itself when loading fails (docs/product.md#demo-mode-and-test-mode); a successful load ends it.
  useEffect(() => {
    if (failure?.demoMode === 'automatic') setDemo((current) => current ?? demoEvents());
    if (events.isSuccess) setDemo(null);
  }, [failure?.demoMode, events.isSuccess]);

  const byTab = useMemo(() => {
    const groups: Record<MyEventTab, EventSummaryResponse[]> = { open: [], closed: [], rejected: [] };
    for (const event of demo ?? events.data ?? []) {
      const key = TAB_ORDER.find((name) => (MY_EVENT_TABS[name].statuses as readonly string[]).includes(event.status));
      if (key) groups[key].push(event);
    }
    return groups;
  }, [demo, events.data]);

  return { events, failure, demo, setDemo, byTab };
}

/** Delete after confirming; in Demo Mode the sample only leaves this page's list. */
export function useDeleteMyEvent(demo: EventSummaryResponse[] | null, setDemo: (events: EventSummaryResponse[]) => void) {
  const remove = useDeleteEvent();
  const [pendingDelete, setPendingDelete] = useState<EventSummaryResponse | null>(null);

  async function confirmDelete() {
    const target = pendingDelete;
    if (!target) return;
    if (demo) {
      // Demo Mode never writes: the card only leaves this page's list.
      setDemo(demo.filter((event) => event._id !== target._id));
      toast.success(MY_EVENTS_MESSAGES.deletedDemo);
      setPendingDelete(null);
      return;
    }
    try {
      await remove.mutateAsync(target._id);
      toast.success(MY_EVENTS_MESSAGES.deleted);
    } catch (error) {
      toast.error(error instanceof Error && error.message !== 'Unexpected error occurred' ? error.message : MY_EVENTS_MESSAGES.deleteFailed);
    } finally {
      setPendingDelete(null);
    }
  }

  return { pendingDelete, setPendingDelete, confirmDelete, deleting: remove.isPending };
}
