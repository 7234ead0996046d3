import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { useMessages } from '../api/get-messages';
import { useMarkMessageHandled } from '../api/mark-message-handled';
import { useSubscribers } from '../api/get-subscribers';
import { DataTable, Td, Th } from '../components/data-table';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { QueryState } from '../components/query-state';
import { downloadCsv } from '../lib/download-csv';
import { formatDateTime } from '../lib/format';

const today = () => new Date().toISOString().slice(0, 10);

function exportCsv(path: string, name: string) {
  downloadCsv(path, `${name}-${today()}.csv`).catch((error: Error) => toast.error(error.message));
}

function ContactMessages() {
  const [state, setState] = useState<'open' | 'handled' | 'all'>('open');
  const [page, setPage] = useState(1);
  const messages = useMessages({ state, page });
  const mark = useMarkMessageHandled();
  return (
    <section aria-labelledby="contact-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="contact-heading" className="font-display text-lg font-semibold text-ink-900">
          Contact messages
        </h2>
        <div className="flex flex-wrap gap-2">
          <label className="flex items-center gap-2 text-sm text-ink-700">
            Show
            <select
              className="input h-10 py-0"
              value={state}
              onChange={(event) => {
                setState(event.target.value as typeof state);
                setPage(1);
              }}
            >
              <option value="open">Open</option>
              <option value="handled">Handled</option>
              <option value="all">All</option>
            </select>
          </label>
          <Button variant="outline" size="sm" onClick={() => exportCsv(`/admin/messages/export.csv?state=${state}`, 'contact-messages')}>
            Export CSV
          </Button>
        </div>
      </div>
      <QueryState
        query={messages}
        noun="messages"
        isEmpty={(data) => data.total === 0}
        empty={<EmptyState title={state === 'open' ? 'No open messages' : 'No messages'} />}
      >
        {(data) => (
          <div>
            <ul className="space-y-3">
              {data.items.map((message) => (
                <li key={message._id} className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm">
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-semibold text-ink-900">
                        {message.name || 'No name'}{' '}
                        <span className="font-normal text-ink-600">
                          · {message.email} · {message.phone}
                        </span>
                      </p>
                      <p className="text-sm text-ink-600">
                        {message.tab === 'organizer' ? 'Organizer' : 'Support'} · {message.event_name} · {formatDateTime(message.created_at)}
                      </p>
                    </div>
                    <div className="flex shrink-0 items-center gap-2">
                      {message.handled_at && <Badge tone="green">Handled</Badge>}
                      <Button
                        size="sm"
                        variant={message.handled_at ? 'ghost' : 'outline'}
                        onClick={() =>
                          mark.mutate(
                            { messageId: message._id, handled: !message.handled_at },
                            { onSuccess: (result) => toast.success(result.message), onError: (error) => toast.error(error.message) },
                          )
                        }
                      >
                        {message.handled_at ? 'Reopen' : 'Mark handled'}
                        <span className="sr-only"> message from {message.email}</span>
                      </Button>
                    </div>
                  </div>
                  {message.message && <p className="mt-3 whitespace-pre-line text-ink-800">{message.message}</p>}
                </li>
              ))}
            </ul>
            <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} />
          </div>
        )}
      </QueryState>
    </section>
  );
}

function Subscribers() {
  const [page, setPage] = useState(1);
  const subscribers = useSubscribers(page);
  return (
    <section aria-labelledby="subscribers-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="subscribers-heading" className="font-display text-lg font-semibold text-ink-900">
          Newsletter subscribers
        </h2>
        <Button variant="outline" size="sm" onClick={() => exportCsv('/admin/subscribers/export.csv', 'newsletter-subscribers')}>
          Export CSV
        </Button>
      </div>
      <QueryState query={subscribers} noun="subscribers" isEmpty={(data) => data.total === 0} empty={<EmptyState title="No subscribers yet" />}>
        {(data) => (
          <div>
            <DataTable caption="Newsletter subscribers">
              <thead>
                <tr>
                  <Th>E-mail</Th>
                  <Th>Subscribed</Th>
                  <Th>Confirmed</Th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((subscriber) => (
                  <tr key={subscriber._id}>
                    <Td>{subscriber.email}</Td>
                    <Td>{formatDateTime(subscriber.created_at)}</Td>
                    <Td>{subscriber.confirmed_at ? formatDateTime(subscriber.confirmed_at) : <Badge tone="yellow">Not confirmed</Badge>}</Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} />
          </div>
        )}
      </QueryState>
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
