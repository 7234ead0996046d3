import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signPayload } from './signature.ts';

/** A local stand-in for Stripe's verification-session endpoint: records calls, answers like Stripe. */
interface RecordedCall {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}
const calls: RecordedCall[] = [];
let failNext = false;
let standIn: Server;
let server: TestServer;
const WEBHOOK_SECRET = 'whsec_stand_in_secret';

beforeAll(async () => {
  standIn = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({ path: request.url ?? '', authorization: request.headers.authorization, form: new URLSearchParams(body) });
      response.setHeader('content-type', 'application/json');
      if (failNext) {
        failNext = false;
        response.statusCode = 400;
        response.end(JSON.stringify({ error: { message: 'Invalid return_url' } }));
        return;
      }
      const id = `vs_test_${calls.length}`;
      response.end(JSON.stringify({ id, object: 'identity.verification_session', url: `https://verify.stripe.example/start/${id}` }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  server = await startTestServer({
    stripeSecretKey: 'sk_test_stand_in',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiBase: `http://127.0.0.1:${port}`,
    publicUrl: 'https://pledgeway.example',
  });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => standIn.close(resolve));
});

function stripeEvent(type: string, sessionId: string, reason?: string) {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    type,
    data: { object: { id: sessionId, last_error: reason ? { reason } : null } },
  });
}

async function deliver(body: string, signature: string) {
  return fetch(`${server.url}/api/identity/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
}

describe('identity verification through Stripe Identity (local stand-in)', () => {
  it('creates a document session with the secret key and sends the browser to Stripe', async () => {
    const { client, user } = await signUp(server.url);
    const started = await client.post('/api/identity/session', { next: '/user/event/create' });
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const call = calls.at(-1)!;
    expect(call.path).toBe('/v1/identity/verification_sessions');
    expect(call.authorization).toBe('Bearer sk_test_stand_in');
    expect(call.form.get('type')).toBe('document');
    expect(call.form.get('metadata[user_id]')).toBe(user._id);
    expect(call.form.get('return_url')).toBe('https://pledgeway.example/user/event/create');
    expect(started.data).toMatchObject({ identity_status: 'pending', url: expect.stringMatching(/^https:\/\/verify\.stripe\.example\/start\/vs_test_/) });
    expect((await client.get('/api/identity/status')).data.provider).toBe('stripe');
  });

  it('marks the user verified on a correctly signed webhook, once, and refuses forged ones', async () => {
    const { client } = await signUp(server.url);
    await client.post('/api/identity/session', {});
    const sessionId = `vs_test_${calls.length}`;
    const body = stripeEvent('identity.verification_session.verified', sessionId);

    const forged = await deliver(body, signPayload('whsec_someone_else', body));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ message: 'Invalid webhook signature' });
    expect((await client.get('/api/identity/status')).data.identity_status).toBe('pending');

    // During a secret roll Stripe sends two v1 signatures; one valid is enough.
    const valid = signPayload(WEBHOOK_SECRET, body);
    const rolled = `${valid},v1=${'0'.repeat(64)}`;
    expect((await deliver(body, rolled)).status).toBe(200);
    expect((await deliver(body, valid)).status).toBe(200);
    const status = await client.get('/api/identity/status');
    expect(status.data).toMatchObject({ identity_status: 'verified', session: { status: 'verified' } });
  });

  it('records a failed check with its reason', async () => {
    const { client } = await signUp(server.url);
    await client.post('/api/identity/session', {});
    const body = stripeEvent('identity.verification_session.requires_input', `vs_test_${calls.length}`, 'document_expired');
    expect((await deliver(body, signPayload(WEBHOOK_SECRET, body))).status).toBe(200);
    expect((await client.get('/api/identity/status')).data).toMatchObject({
      identity_status: 'failed',
      session: { status: 'failed', failure_reason: 'document_expired' },
    });
  });

  it("passes Stripe's refusal on as a clear 502 and leaves the user unverified", async () => {
    const { client } = await signUp(server.url);
    failNext = true;
    const started = await client.post('/api/identity/session', {});
    expect(started.status).toBe(502);
    expect(started.data.message).toBe('Invalid return_url');
    expect((await client.get('/api/identity/status')).data.identity_status).toBe('unverified');
  });

  it('refuses the sandbox hosted form while Stripe is the provider', async () => {
    const { client } = await signUp(server.url);
    await client.post('/api/identity/session', {});
    const response = await client.post(`/api/identity/sandbox/sessions/vs_test_${calls.length}/verify`, {
      legalName: 'Jordan Avery',
      dateOfBirth: '1990-04-12',
      documentNumber: 'D1234567',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect((await client.get('/api/identity/status')).data.identity_status).toBe('pending');
  });
});
