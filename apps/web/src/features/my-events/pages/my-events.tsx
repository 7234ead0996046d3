import { MY_EVENT_TABS, MY_EVENTS_MESSAGES, type MyEventTab } from '@pledgeway/domain/schemas/my-events';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CampaignCardSkeleton } from '@/components/campaign';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { MyEventGrid } from '../components/my-event-grid';
import { TAB_ORDER, useDeleteMyEvent, useMyEventList } from '../hooks/use-my-event-list';
import { demoEvents } from '../lib/demo-events';

type EventList = ReturnType<typeof useMyEventList>;

/** The title, and the ways to the person's fundraising pages and to Event Stacking (a page of several published campaigns). */
function MyEventsHeader() {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold sm:text-3xl">My Events</h1>
        <p className="mt-1 text-ink-600">Every campaign you created, from review to completion.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.user.fundraisingPages} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          My fundraising pages
        </Link>
        <Link to={paths.user.stacks} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Stack campaigns
        </Link>
        <Link to={paths.user.developers} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Webhooks and API keys
        </Link>
      </div>
    </header>
  );
}

export default function MyEventsPage() {
  useEffect(() => {
    document.title = 'My Events — Pledgeway';
  }, []);
  const list = useMyEventList();
  const { events, failure, demo, byTab } = list;
  const { pendingDelete, setPendingDelete, confirmDelete, deleting } = useDeleteMyEvent(demo, list.setDemo);
  const [tab, setTab] = useState<MyEventTab>('open');

  return (
    <div className="space-y-6">
      <MyEventsHeader />

      <LoadNotices list={list} />

      <Tabs value={tab} onValueChange={(value) => setTab(value as MyEventTab)}>
        <TabList label="Event status">
          {TAB_ORDER.map((name) => (
            <Tab key={name} value={name}>
              {MY_EVENT_TABS[name].label}
              {(events.isSuccess || demo) && <span className="ml-1.5">({byTab[name].length})</span>}
            </Tab>
          ))}
        </TabList>
        {TAB_ORDER.map((name) => (
          <TabPanel key={name} value={name} className="mt-6">
            {events.isPending && !demo ? (
              <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
                <CampaignCardSkeleton />
                <CampaignCardSkeleton />
                <CampaignCardSkeleton />
              </div>
            ) : byTab[name].length ? (
              <MyEventGrid events={byTab[name]} onDelete={setPendingDelete} />
            ) : !failure || demo ? (
              <p className="card p-8 text-center text-ink-600">
                {name === 'open' ? MY_EVENTS_MESSAGES.empty : `No ${MY_EVENT_TABS[name].label.toLowerCase()}`}
              </p>
            ) : null}
          </TabPanel>
        ))}
      </Tabs>

      <ConfirmDialog
        open={Boolean(pendingDelete)}
        onOpenChange={(open) => !open && setPendingDelete(null)}
        title="Delete Event"
        description={pendingDelete ? `Are you sure you want to delete "${pendingDelete.name}"? This cannot be undone; pledges on it are released.` : undefined}
        confirmLabel="Delete"
        tone="danger"
        loading={deleting}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

/** The load failure with Retry (and Demo Mode when offered), and the Demo Mode banner. */
function LoadNotices({ list: { events, failure, demo, setDemo } }: { list: EventList }) {
  return (
    <>
      {failure && (
        <Alert tone="error" title={failure.message}>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" variant="dark" onClick={() => void events.refetch()} loading={events.isFetching}>
              Retry
            </Button>
            {failure.demoMode === 'offered' && !demo && (
              <Button size="sm" variant="outline" onClick={() => setDemo(demoEvents())}>
                Enable demo mode
              </Button>
            )}
          </div>
        </Alert>
      )}
      {demo && (
        <div role="status" className="flex flex-col gap-3 rounded-2xl border-2 border-dashed border-brand-500 bg-brand-50 p-4 sm:flex-row sm:items-center">
          <span className="self-start rounded-full bg-brand-500 px-3 py-1 text-xs font-bold tracking-wide text-ink-900 uppercase">Demo Mode</span>
          <p className="flex-1 text-sm text-ink-800">These are sample events, not yours. Nothing here is saved; deleting only hides a sample on this page.</p>
          <Button size="sm" variant="dark" onClick={() => void events.refetch()} loading={events.isFetching}>
            Retry
          </Button>
        </div>
      )}
    </>
  );
}
