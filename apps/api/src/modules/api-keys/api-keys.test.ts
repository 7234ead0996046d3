import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, INTEGRATION_MESSAGES } from '@pledgeway/domain';
import type { paths } from '../../../../web/src/lib/api-schema.d.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { API_KEY_CALLS_PER_MINUTE } from './service.ts';
import { apiKeys } from './tables.ts';
import { createCampaign, firstCharityId } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

async function keyOf(client: TestClient, scopes: string[], extra: Record<string, unknown> = {}) {
  const created = await client.post('/api/api-keys', { name: 'CRM sync', scopes, ...extra });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  return { id: created.data.data.key.id as string, secret: created.data.data.secret as string };
}

function withKey(secret: string) {
  const client = new TestClient(server.url);
  client.accessToken = secret;
  return client;
}

describe('personal API keys', () => {
  it('shows a key once, keeps only its hash, and lists it by its prefix', async () => {
    const owner = await signUp(server.url);
    const { id, secret } = await keyOf(owner.client, ['campaigns:read']);
    expect(secret).toMatch(/^pw_key_[A-Za-z0-9_-]{43}$/);
    const listed = await owner.client.get('/api/api-keys');
    expect(listed.data.data.keys).toHaveLength(1);
    expect(listed.data.data.keys[0]).toMatchObject({ id, name: 'CRM sync', prefix: secret.slice(0, 15), scopes: ['campaigns:read'], last_used_at: null });
    expect(JSON.stringify(listed.data)).not.toContain(secret);
    const rows = await server.app.ctx.db.select().from(apiKeys);
    expect(JSON.stringify(rows)).not.toContain(secret);
    // Another user sees none of it, and cannot revoke it.
    const other = await signUp(server.url);
    expect((await other.client.get('/api/api-keys')).data.data.keys).toEqual([]);
    expect((await other.client.delete(`/api/api-keys/${id}`)).status).toBe(404);
  });

  it('authenticates the routes its scopes allow, records its use, and stops at once when revoked', async () => {
    const owner = await signUp(server.url);
    await createCampaign(server.app, owner.user._id, { status: 'approved', name: 'Keyed Campaign', charityId: await firstCharityId(server) });
    const { id, secret } = await keyOf(owner.client, ['campaigns:read']);
    const caller = withKey(secret);
    const mine = await caller.get('/api/events');
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.data)).toContain('Keyed Campaign');
    const [used] = (await owner.client.get('/api/api-keys')).data.data.keys;
    expect(used.last_used_at).not.toBeNull();
    expect(used.last_used_ip).toBe('127.0.0.1');
    // Another scope's route: 403; a route not open to keys (money, key management, the profile): 401.
    const hooks = await caller.get('/api/webhooks/endpoints');
    expect(hooks.status).toBe(403);
    expect(hooks.data.message).toBe(INTEGRATION_MESSAGES.keyScope);
    for (const [method, path] of [
      ['POST', `/api/events/00000000-0000-4000-8000-000000000000/pledges`],
      ['POST', '/api/api-keys'],
      ['GET', '/api/api-keys'],
      ['GET', '/api/dashboard/my-profile'],
      ['POST', '/api/payment-methods'],
    ] as const) {
      const refused = await caller.request(method, path, { json: method === 'POST' ? {} : undefined });
      expect(refused.status, `${method} ${path}`).toBe(401);
    }
    expect((await owner.client.delete(`/api/api-keys/${id}`)).data.data.key.revoked_at).not.toBeNull();
    expect((await caller.get('/api/events')).status).toBe(401);
    // An unknown key is refused too.
    expect((await withKey(`${secret.slice(0, -2)}xx`).get('/api/events')).status).toBe(401);
  });

  it('refuses an expired key and an expiry in the past, and never lends an admin key admin powers', async () => {
    const owner = await signUp(server.url);
    const past = await owner.client.post('/api/api-keys', { name: 'Old', scopes: ['campaigns:read'], expires_at: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.data.fields.expires_at).toBe(INTEGRATION_MESSAGES.expiryPast);
    const soon = new Date(Date.now() + 60_000).toISOString();
    const { secret } = await keyOf(owner.client, ['campaigns:read'], { expires_at: soon });
    expect((await withKey(secret).get('/api/events')).status).toBe(200);
    await server.app.ctx.database.query("update api_keys set expires_at = now() - interval '1 second' where prefix = $1", [secret.slice(0, 15)]);
    expect((await withKey(secret).get('/api/events')).status).toBe(401);

    await server.app.ctx.database.query("update users set role = 'admin' where id = $1", [owner.user._id]);
    const adminKey = await keyOf(owner.client, ['campaigns:read']);
    // An admin may list anyone's campaigns with their session; their key may not.
    const someone = await signUp(server.url);
    expect((await owner.client.get(`/api/events?userId=${someone.user._id}`)).status).toBe(200);
    expect((await withKey(adminKey.secret).get(`/api/events?userId=${someone.user._id}`)).status).toBe(403);
  });

  it('posts a campaign update with `updates:write`, for the key owner’s own campaigns only', async () => {
    const owner = await signUp(server.url);
    const charityId = await firstCharityId(server);
    const mine = await createCampaign(server.app, owner.user._id, { status: 'approved', charityId });
    const someoneElse = await signUp(server.url);
    const theirs = await createCampaign(server.app, someoneElse.user._id, { status: 'approved', charityId });
    const update = (message: string) => {
      const form = new FormData();
      form.set('message', message);
      return form;
    };
    const writer = withKey((await keyOf(owner.client, ['updates:write'])).secret);
    const posted = await writer.request('POST', `/api/events/${mine.id}/updates`, { form: update('Posted from our CRM') });
    expect(posted.status, JSON.stringify(posted.data)).toBe(201);
    const listed = await new TestClient(server.url).get(`/api/events/${mine.id}/updates`);
    expect(JSON.stringify(listed.data)).toContain('Posted from our CRM');
    // Another host's campaign: refused, and nothing is posted there.
    expect((await writer.request('POST', `/api/events/${theirs.id}/updates`, { form: update('Not yours') })).status).toBe(403);
    expect(JSON.stringify((await new TestClient(server.url).get(`/api/events/${theirs.id}/updates`)).data)).not.toContain('Not yours');
    // A key without the scope may not post, even for its own campaign.
    const reader = withKey((await keyOf(owner.client, ['campaigns:read', 'pledges:read'])).secret);
    const refused = await reader.request('POST', `/api/events/${mine.id}/updates`, { form: update('No scope') });
    expect(refused.status).toBe(403);
    expect(refused.data.message).toBe(INTEGRATION_MESSAGES.keyScope);
  });

  it('limits each key to its calls a minute, whichever key the user has besides', async () => {
    const owner = await signUp(server.url);
    const first = await keyOf(owner.client, ['campaigns:read']);
    const second = await keyOf(owner.client, ['campaigns:read']);
    const statuses: number[] = [];
    for (let index = 0; index < API_KEY_CALLS_PER_MINUTE + 1; index += 1) statuses.push((await withKey(first.secret).get('/api/events')).status);
    expect(statuses.slice(0, API_KEY_CALLS_PER_MINUTE).every((status) => status === 200)).toBe(true);
    const limited = await withKey(first.secret).get('/api/events');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await withKey(second.secret).get('/api/events')).status).toBe(200);
  }, 60_000);

  it('enforces on every operation the scope the OpenAPI document names for it, and refuses keys on the others', async () => {
    const owner = await signUp(server.url);
    const campaign = await createCampaign(server.app, owner.user._id, { status: 'approved', charityId: await firstCharityId(server) });
    const endpoint = await owner.client.post('/api/webhooks/endpoints', { url: 'https://93.184.215.14/hooks', event_types: ['pledge.created'] });
    expect(endpoint.status, JSON.stringify(endpoint.data)).toBe(201);
    const endpointId = endpoint.data.data.endpoint.id as string;
    const document = (await owner.client.get('/api/docs')).data as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; 'x-api-key-scope'?: string }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const everything = await keyOf(owner.client, [...API_KEY_SCOPES]);
    const scoped = new Map<string, string>();
    for (const scope of API_KEY_SCOPES) scoped.set(scope, (await keyOf(owner.client, [scope])).secret);
    const mismatches: string[] = [];
    let open = 0;
    for (const [template, operations] of Object.entries(document.paths)) {
      const path = `/api${template
        .replace('{deliveryId}', '00000000-0000-4000-8000-000000000000')
        .replace('{id}', template.startsWith('/webhooks/') ? endpointId : campaign.id)
        .replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`;
      for (const [method, operation] of Object.entries(operations)) {
        const scope = operation['x-api-key-scope'];
        const json = ['post', 'put', 'patch'].includes(method) ? {} : undefined;
        if (!scope) {
          const status = (await withKey(everything.secret).request(method.toUpperCase(), path, { json })).status;
          if (status !== 401) mismatches.push(`${method} ${template}: a key got ${status}, not 401`);
          continue;
        }
        open += 1;
        expect(operation.security, `${method} ${template}`).toContainEqual({ apiKey: [] });
        for (const [keyScope, secret] of scoped) {
          const status = (await withKey(secret).request(method.toUpperCase(), path, { json })).status;
          const allowed = keyScope === scope;
          if (allowed && (status === 401 || status === 403 || status >= 500)) mismatches.push(`${method} ${template} with ${keyScope}: ${status}`);
          if (!allowed && status !== 403) mismatches.push(`${method} ${template} with ${keyScope}: ${status}, not 403`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(open).toBeGreaterThanOrEqual(10);
  }, 120_000);

  it('works from a client generated from the OpenAPI document, authenticated with a key', async () => {
    const owner = await signUp(server.url);
    await createCampaign(server.app, owner.user._id, { status: 'approved', name: 'Generated Client Campaign', charityId: await firstCharityId(server) });
    const { secret } = await keyOf(owner.client, ['campaigns:read', 'webhooks:manage']);
    const client = createClient<paths>({ baseUrl: `${server.url}/api`, headers: { authorization: `Bearer ${secret}` } });
    const { data, response } = await client.GET('/events', {});
    expect(response.status).toBe(200);
    expect(JSON.stringify(data)).toContain('Generated Client Campaign');
    const hooks = await client.GET('/webhooks/endpoints');
    expect(hooks.data?.data.endpoints).toEqual([]);
    // A path parameter and a body, typed by the generated client (decision 185).
    const created = await client.POST('/webhooks/endpoints', { body: { url: 'https://93.184.215.14/hooks', event_types: ['pledge.created'] } });
    expect(created.response.status).toBe(201);
    const endpointId = created.data!.data.endpoint.id;
    const deliveries = await client.GET('/webhooks/endpoints/{id}/deliveries', { params: { path: { id: endpointId } } });
    expect(deliveries.response.status).toBe(200);
    expect(deliveries.data?.data.deliveries).toEqual([]);
  });
});
