import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createStripeStandIn, signedStripeEvent } from '../../test/stripe-stand-in.ts';

/** Stripe Identity through the SDK, against the local stand-in of Stripe's API. */
const standIn = createStripeStandIn();
let server: TestServer;
const WEBHOOK_SECRET = 'whsec_stand_in_secret';

beforeAll(async () => {
  server = await startTestServer({
    stripeSecretKey: 'sk_test_stand_in',
    stripePublishableKey: 'pk_test_stand_in',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiBase: await standIn.start(),
    publicUrl: 'https://pledgeway.example',
  });
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

async function startSession(client: TestClient): Promise<string> {
  const started = await client.post('/api/identity/session', {});
  expect(started.status, JSON.stringify(started.data)).toBe(201);
  return started.data.session_id as string;
}

function stripeEvent(type: string, sessionId: string, reason?: string, secret = WEBHOOK_SECRET) {
  return signedStripeEvent(secret, type, { id: sessionId, object: 'identity.verification_session', last_error: reason ? { reason } : null });
}

async function deliver(body: string, signature: string) {
  return fetch(`${server.url}/api/identity/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
}

describe('identity verification through Stripe Identity (local stand-in)', () => {
  it('creates a document session with the secret key and sends the browser to Stripe', async () => {
    const { client, user } = await signUp(server.url, { confirmEmail: false });
    const started = await client.post('/api/identity/session', { next: '/user/event/create' });
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const call = standIn.calls.at(-1)!;
    expect(call.path).toBe('/v1/identity/verification_sessions');
    expect(call.authorization).toBe('Bearer sk_test_stand_in');
    expect(call.form.get('type')).toBe('document');
    expect(call.form.get('metadata[user_id]')).toBe(user._id);
    expect(call.form.get('return_url')).toBe('https://pledgeway.example/user/event/create');
    expect(started.data).toMatchObject({ identity_status: 'pending', url: expect.stringMatching(/^https:\/\/verify\.stripe\.example\/start\/vs_/) });
    expect((await client.get('/api/identity/status')).data.provider).toBe('stripe');
  });

  it('marks the user verified on a correctly signed webhook, once, and refuses forged ones', async () => {
    const { client } = await signUp(server.url, { confirmEmail: false });
    const sessionId = await startSession(client);
    const { body, signature: valid } = stripeEvent('identity.verification_session.verified', sessionId);

    const forged = await deliver(body, stripeEvent('identity.verification_session.verified', sessionId, undefined, 'whsec_someone_else').signature);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ message: 'Invalid webhook signature' });
    expect((await client.get('/api/identity/status')).data.identity_status).toBe('pending');

    // During a secret roll Stripe sends two v1 signatures; one valid is enough.
    const rolled = `${valid},v1=${'0'.repeat(64)}`;
    expect((await deliver(body, rolled)).status).toBe(200);
    expect((await deliver(body, valid)).status).toBe(200);
    const status = await client.get('/api/identity/status');
    expect(status.data).toMatchObject({ identity_status: 'verified', session: { status: 'verified' } });
  });

  it('records a failed check with its reason', async () => {
    const { client } = await signUp(server.url, { confirmEmail: false });
    const sessionId = await startSession(client);
    const { body, signature } = stripeEvent('identity.verification_session.requires_input', sessionId, 'document_expired');
    expect((await deliver(body, signature)).status).toBe(200);
    expect((await client.get('/api/identity/status')).data).toMatchObject({
      identity_status: 'failed',
      session: { status: 'failed', failure_reason: 'document_expired' },
    });
  });

  it("passes Stripe's refusal on as a clear 502 and leaves the user unverified", async () => {
    const { client } = await signUp(server.url, { confirmEmail: false });
    standIn.state.failNext = { status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid return_url', param: 'return_url' } } };
    const started = await client.post('/api/identity/session', {});
    expect(started.status).toBe(502);
    expect(started.data.message).toBe('Invalid return_url');
    expect((await client.get('/api/identity/status')).data.identity_status).toBe('unverified');
  });

  it('refuses the sandbox hosted form while Stripe is the provider', async () => {
    const { client } = await signUp(server.url, { confirmEmail: false });
    const sessionId = await startSession(client);
    const response = await client.post(`/api/identity/sandbox/sessions/${sessionId}/verify`, {
      legalName: 'Jordan Avery',
      dateOfBirth: '1990-04-12',
      documentNumber: 'D1234567',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect((await client.get('/api/identity/status')).data.identity_status).toBe('pending');
  });
});
