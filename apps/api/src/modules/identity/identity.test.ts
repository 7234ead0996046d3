import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient, signUp } from '../../test/client.ts';
import { signPayload } from '../../providers/identity/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const adult = { legalName: 'Jordan Avery', dateOfBirth: '1990-04-12', documentNumber: 'D1234567' };

async function startSession(client: TestClient) {
  const response = await client.post('/api/identity/session', { next: '/user/event/create' });
  expect(response.status, JSON.stringify(response.data)).toBe(201);
  return response.data as { session_id: string; url: string; identity_status: string };
}

describe('identity verification (sandbox provider)', () => {
  it('starts unverified, goes pending with a session, and is verified through the signed callback', async () => {
    const { client } = await signUp(server.url);
    expect((await client.get('/api/identity/status')).data).toMatchObject({ identity_status: 'unverified', provider: 'sandbox', session: null });
    const session = await startSession(client);
    expect(session.identity_status).toBe('pending');
    expect(session.url).toBe(`/user/verify-identity?session=${session.session_id}&next=%2Fuser%2Fevent%2Fcreate`);
    expect((await client.get('/api/identity/status')).data.identity_status).toBe('pending');
    const result = await client.post(`/api/identity/sandbox/sessions/${session.session_id}/verify`, adult);
    expect(result.status, JSON.stringify(result.data)).toBe(200);
    expect(result.data).toMatchObject({ identity_status: 'verified', message: 'Your identity has been verified' });
    const status = await client.get('/api/identity/status');
    expect(status.data.identity_status).toBe('verified');
    expect(status.data.session.status).toBe('verified');
    expect((await client.get('/api/dashboard/my-profile')).data.data.identity_status).toBe('verified');
    expect((await client.post('/api/identity/session', {})).status).toBe(409);
  });

  it('fails a document number starting with 0000 and lets the user try again', async () => {
    const { client } = await signUp(server.url);
    const session = await startSession(client);
    const result = await client.post(`/api/identity/sandbox/sessions/${session.session_id}/verify`, { ...adult, documentNumber: '0000123456' });
    expect(result.data.identity_status).toBe('failed');
    const status = await client.get('/api/identity/status');
    expect(status.data).toMatchObject({ identity_status: 'failed', session: { status: 'failed', failure_reason: 'The document could not be verified' } });
    const closed = await client.post(`/api/identity/sandbox/sessions/${session.session_id}/verify`, adult);
    expect(closed.status).toBe(409);
    const retry = await startSession(client);
    expect((await client.post(`/api/identity/sandbox/sessions/${retry.session_id}/verify`, adult)).data.identity_status).toBe('verified');
  });

  it.each([
    [{ legalName: '' }, 'Legal name is required'],
    [{ dateOfBirth: '' }, 'Date of birth is required'],
    [{ dateOfBirth: new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10) }, 'You must be at least 18 years old'],
    [{ documentNumber: '' }, 'Document number is required'],
    [{ documentNumber: 'ab#1' }, 'Document number must be 6 to 20 letters or digits'],
  ])('refuses %j with %s and keeps the session open', async (overrides, message) => {
    const { client } = await signUp(server.url);
    const session = await startSession(client);
    const result = await client.post(`/api/identity/sandbox/sessions/${session.session_id}/verify`, { ...adult, ...overrides });
    expect(result.status).toBe(400);
    expect(result.data.message).toBe(message);
    expect((await client.post(`/api/identity/sandbox/sessions/${session.session_id}/verify`, adult)).data.identity_status).toBe('verified');
  });

  it("refuses another user's session", async () => {
    const first = await signUp(server.url);
    const second = await signUp(server.url);
    const session = await startSession(first.client);
    expect((await second.client.post(`/api/identity/sandbox/sessions/${session.session_id}/verify`, adult)).status).toBe(404);
  });

  it('refuses a webhook with a bad signature and ignores a replayed event', async () => {
    const { client } = await signUp(server.url);
    const session = await startSession(client);
    const body = JSON.stringify({ id: 'evt_forged', type: 'identity.verification_session.verified', data: { object: { id: session.session_id } } });
    const forged = await new TestClient(server.url).request('POST', '/api/identity/webhook', {
      body,
      headers: { 'content-type': 'application/json', 'pledgeway-signature': signPayload('wrong-secret', body) },
    });
    expect(forged.status).toBe(400);
    expect(forged.data.message).toBe('Invalid webhook signature');
    expect((await client.get('/api/identity/status')).data.identity_status).toBe('pending');
  });

  it('requires sign-in', async () => {
    expect((await new TestClient(server.url).get('/api/identity/status')).status).toBe(401);
  });
});
