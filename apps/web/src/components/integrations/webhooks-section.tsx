import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES_BY_OWNER, type WebhookEndpoint, type WebhookEventType } from '@pledgeway/domain/schemas/integrations';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useCreateEndpoint, useDeliveries, useEndpointAction, useWebhookEndpoints } from '@/lib/integrations';
import { SecretOnce } from './secret-once';

/** The receiver's check, as docs/integrations.md#verifying-a-delivery gives it (the API tests run that copy). */
const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifyPledgewaySignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = String(header ?? '').split(',').map((part) => part.split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest();
  return parts.some(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value) && timingSafeEqual(Buffer.from(value, 'hex'), expected));
}`;

function time(iso: string): string {
  return new Date(iso).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

/** An endpoint's delivery log: each event, its status, every attempt (time, status, duration, answer), and "Send again". */
function DeliveryLog({
  url,
  enabled,
  deliveries,
  redeliver,
  failed,
}: {
  url: string;
  enabled: boolean;
  deliveries: ReturnType<typeof useDeliveries>;
  redeliver: ReturnType<typeof useEndpointAction>['redeliver'];
  failed: (error: Error) => void;
}) {
  return (
    // On a phone each delivery is a block of its own (no sideways scrolling); from `sm` up, a table.
    <div>
      {deliveries.isPending && <Spinner label="Loading the log" />}
      {deliveries.isError && <Alert tone="error">The delivery log could not be loaded.</Alert>}
      {deliveries.isSuccess &&
        (deliveries.data.data.deliveries.length === 0 ? (
          <p className="text-sm text-ink-600">Nothing sent yet.</p>
        ) : (
          <table className="block w-full text-left text-sm sm:table">
            <caption className="sr-only">Deliveries to {url}</caption>
            <thead className="hidden text-xs text-ink-600 sm:table-header-group">
              <tr>
                <th className="py-1 pr-2">Event</th>
                <th className="py-1 pr-2">Status</th>
                <th className="py-1 pr-2">Attempts</th>
                <th className="py-1" />
              </tr>
            </thead>
            <tbody className="block align-top sm:table-row-group">
              {deliveries.data.data.deliveries.map((delivery) => (
                <tr key={delivery.id} className="block border-t border-ink-100 py-2 sm:table-row sm:py-0">
                  <td className="block py-1 sm:table-cell sm:py-2 sm:pr-2">
                    <code className="break-all">{delivery.event_type}</code>
                    <div className="text-xs text-ink-600">{time(delivery.created_at)}</div>
                  </td>
                  <td className="block py-1 sm:table-cell sm:py-2 sm:pr-2">
                    <Badge tone={delivery.status === 'delivered' ? 'green' : delivery.status === 'failed' ? 'red' : 'yellow'}>{delivery.status}</Badge>
                    {delivery.next_attempt_at && <div className="text-xs text-ink-600">next try {time(delivery.next_attempt_at)}</div>}
                  </td>
                  <td className="block min-w-0 py-1 sm:table-cell sm:py-2 sm:pr-2">
                    <ol className="space-y-1">
                      {delivery.log.map((attempt) => (
                        <li key={attempt.at} className="text-xs">
                          <span className={attempt.ok ? 'text-emerald-700' : 'text-danger-600'}>{attempt.status_code ?? 'no answer'}</span> · {time(attempt.at)}{' '}
                          · {attempt.duration_ms} ms
                          <div className="max-w-[calc(100vw-6rem)] truncate font-mono text-ink-600 sm:max-w-md" title={attempt.response}>
                            {attempt.response || '(empty answer)'}
                          </div>
                        </li>
                      ))}
                    </ol>
                  </td>
                  <td className="block py-1 sm:table-cell sm:py-2 sm:text-right">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!enabled}
                      loading={redeliver.isPending && redeliver.variables === delivery.id}
                      onClick={() => redeliver.mutate(delivery.id, { onSuccess: (answer) => toast.success(answer.message), onError: failed })}
                    >
                      Send again
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </div>
  );
}

/** One endpoint: its events, buttons, and its delivery log (each attempt: time, status, duration, answer). */
function EndpointCard({ endpoint, charityId }: { endpoint: WebhookEndpoint; charityId?: string }) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const actions = useEndpointAction(endpoint.id, charityId);
  const deliveries = useDeliveries(endpoint.id, open, charityId);
  const failed = (error: Error) => toast.error(error.message);
  const enabled = endpoint.status === 'enabled';

  return (
    <li className="space-y-3 rounded-xl border border-ink-100 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm font-medium">{endpoint.url}</p>
          <p className="text-xs text-ink-600">
            {endpoint.description ? `${endpoint.description} · ` : ''}
            {endpoint.event_types.join(', ')}
          </p>
          {endpoint.previous_secret_expires_at && (
            <p className="text-xs text-ink-600">The previous secret also signs until {time(endpoint.previous_secret_expires_at)}.</p>
          )}
        </div>
        {enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red">{endpoint.disabled_reason ?? 'Disabled'}</Badge>}
      </div>
      {secret && <SecretOnce label="The new signing secret. Copy it now: it is not shown again." secret={secret} onDone={() => setSecret(null)} />}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={!enabled}
          loading={actions.test.isPending}
          onClick={() => actions.test.mutate(undefined, { onSuccess: (answer) => (toast.success(answer.message), setOpen(true)), onError: failed })}
        >
          Send a test event
        </Button>
        <Button size="sm" variant="outline" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Hide the delivery log' : 'Delivery log'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={actions.rotate.isPending}
          onClick={() =>
            actions.rotate.mutate(undefined, { onSuccess: (answer) => (toast.success(answer.message), setSecret(answer.data.secret)), onError: failed })
          }
        >
          Rotate secret
        </Button>
        <Button
          size="sm"
          variant="ghost"
          loading={actions.toggle.isPending}
          onClick={() => actions.toggle.mutate(!enabled, { onSuccess: (answer) => toast.success(answer.message), onError: failed })}
        >
          {enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button
          size="sm"
          variant="danger"
          loading={actions.remove.isPending}
          onClick={() => actions.remove.mutate(undefined, { onSuccess: (answer) => toast.success(answer.message), onError: failed })}
        >
          Delete
        </Button>
      </div>
      {open && <DeliveryLog url={endpoint.url} enabled={enabled} deliveries={deliveries} redeliver={actions.redeliver} failed={failed} />}
    </li>
  );
}

/** What each owner is told of by default: a host of pledges and campaigns, a charity of the money it receives. */
const DEFAULT_TYPES: Record<'host' | 'charity', WebhookEventType[]> = {
  host: ['pledge.created', 'pledge.charged', 'campaign.completed'],
  charity: ['donation.made', 'monthly_gift.charged', 'transfer.made', 'transfer.reversed', 'payout.made'],
};

/**
 * Webhook endpoints: where your campaigns' events (or, with `charityId`, the charity's) are sent,
 * signed; their secrets are shown once.
 */
export function WebhooksSection({ charityId }: { charityId?: string } = {}) {
  const ownerType = charityId ? 'charity' : 'host';
  const list = useWebhookEndpoints(charityId);
  const create = useCreateEndpoint(charityId);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>(DEFAULT_TYPES[ownerType]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      const answer = await create.mutateAsync({ url, description, event_types: types });
      setSecret(answer.data.secret);
      setUrl('');
      setDescription('');
      toast.success(answer.message);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      else toast.error(error instanceof Error ? error.message : 'The endpoint could not be added.');
    }
  }

  return (
    <section aria-labelledby="webhooks" className="card min-w-0 space-y-4 p-4 sm:p-6">
      <div>
        <h2 id="webhooks" className="font-display text-lg font-semibold">
          Webhooks
        </h2>
        <p className="text-sm text-ink-600">
          {charityId
            ? 'Pledgeway POSTs a signed JSON event to your address when the charity receives a donation, a monthly gift, a transfer or a payout, when a transfer is taken back, or when a bank disputes a charge, and retries for 3 days if it does not answer 2xx. Donors appear under the name they chose; their e-mail only if they agreed to share it with the charity.'
            : 'Pledgeway POSTs a signed JSON event to your address when something happens on your campaigns, and retries for 3 days if it does not answer 2xx. Supporters appear under the name they chose; their e-mail only if they agreed to share it with you.'}
        </p>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Checking the signature on your server</summary>
        <p className="mt-2 text-ink-600">
          Each delivery carries <code>Pledgeway-Signature: t=…,v1=…</code>: the hex HMAC-SHA256, keyed with the endpoint's secret, of the timestamp, a dot and
          the raw body. For 24 hours after a rotation it carries a second <code>v1</code> made with the old secret. In Node.js:
        </p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-ink-900 p-3 text-xs text-white">{VERIFY_SNIPPET}</pre>
      </details>
      {secret && <SecretOnce label="The endpoint's signing secret. Copy it now: it is not shown again." secret={secret} onDone={() => setSecret(null)} />}
      <form onSubmit={(event) => void submit(event)} className="grid gap-4 lg:grid-cols-2">
        <Field label="Address (URL)" required error={errors.url}>
          <Input type="url" value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://example.org/pledgeway-events" />
        </Field>
        <Field label="Description (optional)" error={errors.description}>
          <Input value={description} onChange={(event) => setDescription(event.target.value)} placeholder="Our CRM" maxLength={200} />
        </Field>
        <CheckboxGroup
          legend="Events"
          options={WEBHOOK_EVENT_TYPES_BY_OWNER[ownerType]}
          chosen={types}
          onChange={setTypes}
          describe={(type) => (
            <>
              {WEBHOOK_EVENT_LABELS[type]} <code className="text-xs text-ink-600">{type}</code>
            </>
          )}
          error={errors.event_types}
          className="lg:col-span-2"
          gridClassName="grid gap-2 sm:grid-cols-2 lg:grid-cols-3"
        />
        <div className="lg:col-span-2">
          <Button type="submit" loading={create.isPending} loadingText="Adding…">
            Add endpoint
          </Button>
        </div>
      </form>
      {list.isPending && <Spinner label="Loading endpoints" />}
      {list.isError && <Alert tone="error">Your endpoints could not be loaded. Please try again later.</Alert>}
      {list.isSuccess &&
        (list.data.data.endpoints.length === 0 ? (
          <p className="text-sm text-ink-600">No endpoints yet.</p>
        ) : (
          <ul className="space-y-3">
            {list.data.data.endpoints.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} charityId={charityId} />
            ))}
          </ul>
        ))}
    </section>
  );
}
