import type { AdminSubscriber } from '@pledgeway/domain/schemas/admin';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { DataTable, usePaging, type Column } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { useMessages } from '../api/get-messages';
import { useSubscribers } from '../api/get-subscribers';
import { MessageCard } from '../components/message-card';
import { PageHeader } from '../components/page-header';
import { PagedResults } from '../components/paged-results';
import { downloadCsv } from '../lib/download-csv';
import { formatDateTime } from '../lib/format';

type MessageState = 'open' | 'handled' | 'all';

const today = () => new Date().toISOString().slice(0, 10);

function ExportButton({ path, name }: { path: string; name: string }) {
  const save = () => downloadCsv(path, `${name}-${today()}.csv`).catch((error: Error) => toast.error(error.message));
  return (
    <Button variant="outline" size="sm" onClick={() => void save()}>
      Export CSV
    </Button>
  );
}

/** A tab's heading with its controls at the right. */
function SectionHeader({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h2 id={id} className="font-display text-lg font-semibold text-ink-900">
        {title}
      </h2>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

function ContactMessages() {
  const [state, setState] = useState<MessageState>('open');
  const [page, setPage] = usePaging(state);
  const messages = useMessages({ state, page });
  return (
    <section aria-labelledby="contact-heading" className="space-y-4">
      <SectionHeader id="contact-heading" title="Contact messages">
        <label className="flex items-center gap-2 text-sm text-ink-700">
          Show
          <select className="input h-10 py-0" value={state} onChange={(event) => setState(event.target.value as MessageState)}>
            <option value="open">Open</option>
            <option value="handled">Handled</option>
            <option value="all">All</option>
          </select>
        </label>
        <ExportButton path={`/admin/messages/export.csv?state=${state}`} name="contact-messages" />
      </SectionHeader>
      <PagedResults query={messages} noun="messages" empty={<EmptyState title={state === 'open' ? 'No open messages' : 'No messages'} />} onPage={setPage}>
        {(items) => (
          <ul className="space-y-3">
            {items.map((message) => (
              <MessageCard key={message._id} message={message} />
            ))}
          </ul>
        )}
      </PagedResults>
    </section>
  );
}

const SUBSCRIBER_COLUMNS: Column<AdminSubscriber>[] = [
  { header: 'E-mail', cell: (subscriber) => subscriber.email },
  { header: 'Subscribed', cell: (subscriber) => formatDateTime(subscriber.created_at) },
  {
    header: 'Confirmed',
    cell: (subscriber) => (subscriber.confirmed_at ? formatDateTime(subscriber.confirmed_at) : <Badge tone="yellow">Not confirmed</Badge>),
  },
];

function Subscribers() {
  const [page, setPage] = useState(1);
  const subscribers = useSubscribers(page);
  return (
    <section aria-labelledby="subscribers-heading" className="space-y-4">
      <SectionHeader id="subscribers-heading" title="Newsletter subscribers">
        <ExportButton path="/admin/subscribers/export.csv" name="newsletter-subscribers" />
      </SectionHeader>
      <PagedResults query={subscribers} noun="subscribers" empty={<EmptyState title="No subscribers yet" />} onPage={setPage}>
        {(items) => <DataTable caption="Newsletter subscribers" rows={items} columns={SUBSCRIBER_COLUMNS} rowKey={(subscriber) => subscriber._id} />}
      </PagedResults>
    </section>
  );
}

/** /admin/messages: the contact form's messages (mark handled) and the newsletter's subscribers. */
export default function AdminMessagesPage() {
  const [tab, setTab] = useState('contact');
  return (
    <div className="space-y-6">
      <PageHeader title="Messages" description="What visitors sent through the contact form, and who subscribed to the newsletter." />
      <Tabs value={tab} onValueChange={setTab}>
        <TabList label="Messages">
          <Tab value="contact">Contact messages</Tab>
          <Tab value="subscribers">Subscribers</Tab>
        </TabList>
        <TabPanel value="contact" className="mt-5">
          <ContactMessages />
        </TabPanel>
        <TabPanel value="subscribers" className="mt-5">
          <Subscribers />
        </TabPanel>
      </Tabs>
    </div>
  );
}
