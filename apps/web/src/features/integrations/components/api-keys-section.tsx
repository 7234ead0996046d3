import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '@pledgeway/domain/schemas/integrations';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '@/lib/integrations';
import { SecretOnce } from '@/components/integrations/secret-once';

function when(iso: string | null): string {
  return iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : 'never';
}

/** The scopes a new key gets, one checkbox each. */
function ScopesFieldset({ scopes, onChange, error }: { scopes: ApiKeyScope[]; onChange: (scopes: ApiKeyScope[]) => void; error: string | undefined }) {
  return (
    <CheckboxGroup
      legend="Scopes"
      options={API_KEY_SCOPES}
      chosen={scopes}
      onChange={onChange}
      describe={(scope) => (
        <>
          <code>{scope}</code> — {API_KEY_SCOPE_LABELS[scope]}
        </>
      )}
      error={error}
      className="lg:col-span-3"
      gridClassName="grid gap-2 sm:grid-cols-3"
    />
  );
}

/** One key in the list: its name, prefix, state, scopes and last use, and its revoke button. */
function KeyLine({ apiKey: key, revoke }: { apiKey: ApiKey; revoke: ReturnType<typeof useRevokeApiKey> }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <p className="font-medium">
          {key.name} <code className="text-sm text-ink-600">{key.prefix}…</code>{' '}
          {key.revoked_at ? (
            <Badge tone="red">Revoked</Badge>
          ) : key.expires_at && new Date(key.expires_at) < new Date() ? (
            <Badge tone="grey">Expired</Badge>
          ) : (
            <Badge tone="green">Active</Badge>
          )}
        </p>
        <p className="text-xs text-ink-600">
          {key.scopes.join(', ')} · last used {when(key.last_used_at)}
          {key.last_used_ip ? ` from ${key.last_used_ip}` : ''} · {key.expires_at ? `expires ${when(key.expires_at)}` : 'no expiry'}
        </p>
      </div>
      {!key.revoked_at && (
        <Button
          size="sm"
          variant="danger"
          loading={revoke.isPending && revoke.variables === key.id}
          onClick={() =>
            revoke.mutate(key.id, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

/** Personal API keys: made with a name, scopes and an optional expiry; shown once; revoked here. */
export function ApiKeysSection() {
  const list = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['campaigns:read']);
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      const answer = await create.mutateAsync({ name, scopes, expires_at: expires ? new Date(`${expires}T23:59:59Z`).toISOString() : null });
      setSecret(answer.data.secret);
      setName('');
      toast.success(answer.message);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      else toast.error(error instanceof Error ? error.message : 'The key could not be made.');
    }
  }

  return (
    <section aria-labelledby="api-keys" className="card space-y-4 p-4 sm:p-6">
      <div>
        <h2 id="api-keys" className="font-display text-lg font-semibold">
          API keys
        </h2>
        <p className="text-sm text-ink-600">
          For your own scripts and tools: send a key as <code>Authorization: Bearer pw_key_…</code>. A key can only do what its scopes allow, never move money,
          and makes at most 120 calls a minute.
        </p>
      </div>
      {secret && <SecretOnce label="Your new API key. Copy it now: it is not shown again." secret={secret} onDone={() => setSecret(null)} />}
      <form onSubmit={(event) => void submit(event)} className="grid gap-4 lg:grid-cols-[1fr_1fr_auto] lg:items-end">
        <Field label="Name" required error={errors.name}>
          <Input value={name} onChange={(event) => setName(event.target.value)} placeholder="CRM sync" maxLength={60} />
        </Field>
        <Field label="Expires (optional)" error={errors.expires_at} hint="The key stops working after this day.">
          <Input type="date" value={expires} onChange={(event) => setExpires(event.target.value)} />
        </Field>
        <ScopesFieldset scopes={scopes} onChange={setScopes} error={errors.scopes} />
        <div className="lg:col-span-3">
          <Button type="submit" loading={create.isPending} loadingText="Making the key…">
            Create API key
          </Button>
        </div>
      </form>
      {list.isPending && <Spinner label="Loading keys" />}
      {list.isError && <Alert tone="error">Your keys could not be loaded. Please try again later.</Alert>}
      {list.isSuccess &&
        (list.data.data.keys.length === 0 ? (
          <p className="text-sm text-ink-600">No API keys yet.</p>
        ) : (
          <ul className="divide-y divide-ink-100">
            {list.data.data.keys.map((key) => (
              <KeyLine key={key.id} apiKey={key} revoke={revoke} />
            ))}
          </ul>
        ))}
    </section>
  );
}
