import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { LONE_SURROGATE_MESSAGE, NESTING_MESSAGE, NUL_MESSAGE, redactedError } from '../errors.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signUp, TestClient } from '../test/client.ts';
import { createPayload } from '../test/campaign-form.ts';
import { adminClient, createCampaign, firstCharityId, verifiedCreator } from '../test/factories.ts';
import { liveCampaign, pledgeFrom } from '../test/money.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const NUL = 'a\u0000b';

function expectNulRefused(response: { status: number; data: { success: boolean; code: string; message: string } }, route: string) {
  expect(response.status, route).toBe(400);
  expect(response.data, route).toMatchObject({ success: false, code: 'NUL_CHARACTER', message: NUL_MESSAGE });
}

describe('a NUL character in a text field', () => {
  it('is a 400 with a clear message on the public JSON routes', async () => {
    const anonymous = new TestClient(server.url);
    const cases: [string, unknown][] = [
      ['/api/site/login', { email: `x${NUL}@example.com`, password: 'Correct-Horse-42' }],
      ['/api/site/forgot-password', { email: `x${NUL}@example.com` }],
      ['/api/newsletter', { email: `x${NUL}@example.com` }],
      ['/api/contact', { name: NUL, email: 'a@example.com', subject: 'Hi', message: 'Hello there, friends' }],
    ];
    for (const [route, body] of cases) expectNulRefused(await anonymous.post(route, body), route);
    expectNulRefused(await anonymous.get('/api/search?q=a%00b'), 'search');
    expectNulRefused(await anonymous.get('/api/events/show/a%00b'), 'show');
  });

  it('is a 400 on multipart register and profile updates', async () => {
    const form = new FormData();
    form.set('name', NUL);
    form.set('email', 'nul@example.com');
    form.set('password', 'Correct-Horse-42');
    form.set('use_default_avatar', 'true');
    expectNulRefused(await new TestClient(server.url).request('POST', '/api/site/register', { form }), 'register');
    const { client } = await signUp(server.url);
    const profile = new FormData();
    profile.set('name', NUL);
    expectNulRefused(await client.request('PUT', '/api/users/update', { form: profile }), 'profile');
  });

  it('is a 400 on campaign create and edit and on the card token', async () => {
    const { client, email, user } = await verifiedCreator(server);
    const payload = await createPayload(await firstCharityId(server), email, { eventName: `River ${NUL}` });
    expectNulRefused(await client.post('/api/events/create', payload), 'create');
    const event = await createCampaign(server.app, user._id);
    const edit = new FormData();
    edit.set('name', NUL);
    expectNulRefused(await client.request('PUT', `/api/events/${event.id}`, { form: edit }), 'edit');
    expectNulRefused(await client.post('/api/payment-methods', { token: NUL }), 'card');
    expectNulRefused(await client.post('/api/sandbox/cards', { holder_name: NUL, number: '4242424242424242', expiry: '09/40', cvv: '123' }), 'tokenize');
  });
});

type ErrorResponse = { status: number; data: { success: boolean; code: string; message: string } };

function expectSurrogateRefused(response: ErrorResponse, route: string) {
  expect(response.status, route).toBe(400);
  expect(response.data, route).toMatchObject({ success: false, code: 'INVALID_UNICODE', message: LONE_SURROGATE_MESSAGE });
}

describe('JSON text inside a multipart field', () => {
  const participant = (fullName: string) => ({
    about: 'Runner',
    full_name: fullName,
    email: 'p@example.com',
    occupation: 'Coach',
    company_name: '',
    about_participant: 'Coach',
  });

  it('is a 400 with a NUL or a lone surrogate in participants or categories, and the campaign is unchanged', async () => {
    const { client, user } = await verifiedCreator(server);
    const event = await createCampaign(server.app, user._id);
    const before = (await client.get(`/api/events/show/${event.id}`)).data;
    // JSON.stringify writes both as escapes (\u0000, \ud800): harmless text until the JSON is parsed.
    const cases: [string, string, (response: ErrorResponse, route: string) => void][] = [
      ['participants', JSON.stringify([participant(NUL)]), expectNulRefused],
      ['categories', JSON.stringify([NUL]), expectNulRefused],
      ['participants', JSON.stringify([participant('\uD800x')]), expectSurrogateRefused],
      ['categories', JSON.stringify(['\uDFFFx']), expectSurrogateRefused],
    ];
    for (const [field, value, expectRefused] of cases) {
      const form = new FormData();
      form.set('name', 'Renamed by a refused request');
      form.set(field, value);
      expectRefused(await client.request('PUT', `/api/events/${event.id}`, { form }), field);
    }
    const after = (await client.get(`/api/events/show/${event.id}`)).data;
    expect(after.name).toBe(before.name);
    expect(after.categories).toEqual(before.categories);
    expect(after.participants).toEqual(before.participants);
  });

  it('still takes a surrogate pair (an emoji) as text', async () => {
    const { client, user } = await verifiedCreator(server);
    const event = await createCampaign(server.app, user._id, { eventTime: '10:00', eventLocation: 'Town Hall' });
    const form = new FormData();
    form.set('categories', JSON.stringify(['Charity']));
    form.set('participants', JSON.stringify([participant('Pat \u{1F3C3} Lee')]));
    const response = await client.request('PUT', `/api/events/${event.id}`, { form });
    expect(response.status, JSON.stringify(response.data)).toBe(200);
    expect((await client.get(`/api/events/show/${event.id}`)).data.participants[0].full_name).toBe('Pat \u{1F3C3} Lee');
  });
});

describe('a lone surrogate in a JSON body', () => {
  it('is a 400 on an admin payout reference, and no payout is recorded', async () => {
    const admin = await adminClient(server);
    const creator = await signUp(server.url);
    const event = await liveCampaign(server, creator, admin);
    await pledgeFrom(server, await signUp(server.url), event.id, { amountCents: 20_000, tipPercent: 0 });
    expect((await creator.client.post(`/api/events/${event.id}/complete`)).status).toBe(200);
    expect((await admin.post(`/api/admin/events/${event.id}/charge`)).status).toBe(201);
    await server.app.ctx.jobs.drain();
    const payout = { charity_id: event.charityId, amount: 10, reference: '\uD800x', paid_on: '2026-11-23' };
    expectSurrogateRefused(await admin.post('/api/admin/payouts', payout), 'payout');
    expect(await server.app.ctx.database.query('select id from payouts')).toEqual([]);
  });

  it('is a 400 on public routes too', async () => {
    const anonymous = new TestClient(server.url);
    expectSurrogateRefused(
      await anonymous.post('/api/contact', { name: 'A\uDC00', email: 'a@example.com', subject: 'Hi', message: 'Hello there, friends' }),
      'contact',
    );
    expectSurrogateRefused(await anonymous.post('/api/site/login', { email: 'x@example.com', password: '\uD800' }), 'login');
  });
});

describe('a deeply nested JSON body', () => {
  // 4,000 `[` then 4,000 `]`: 8 KB, well under the body limit, but deeper than any payload we take.
  const deep = `${'['.repeat(4_000)}${']'.repeat(4_000)}`;
  const deepObject = `${'{"a":'.repeat(4_000)}1${'}'.repeat(4_000)}`;

  function expectTooDeep(response: ErrorResponse, route: string) {
    expect(response.status, route).toBe(400);
    expect(response.data, route).toMatchObject({ success: false, code: 'NESTED_TOO_DEEPLY', message: NESTING_MESSAGE });
  }

  it('is a 400 with a clear message on JSON routes, signed out and signed in, and changes nothing', async () => {
    const anonymous = new TestClient(server.url);
    const json = { 'content-type': 'application/json' };
    for (const route of ['/api/site/login', '/api/contact', '/api/newsletter']) {
      expectTooDeep(await anonymous.request('POST', route, { body: deep, headers: json }), route);
      expectTooDeep(await anonymous.request('POST', route, { body: deepObject, headers: json }), `${route} (objects)`);
    }
    const { client, user } = await signUp(server.url);
    expectTooDeep(await client.request('POST', '/api/payment-methods', { body: `{"token":${deep}}`, headers: json }), 'card');
    expectTooDeep(await client.request('POST', '/api/payment-methods', { body: deepObject, headers: json }), 'card (objects)');
    expect(await server.app.ctx.database.query('select id from payment_methods where user_id = $1', [user._id])).toEqual([]);
  });

  it('still takes ordinary nesting', async () => {
    const nested = { email: 'x@example.com', password: 'Wrong-horse-42', extra: [[[[{ a: [1, 2, { b: 'c' }] }]]]] };
    expect((await new TestClient(server.url).post('/api/site/login', nested)).status).toBe(401);
  });
});

describe('a multipart file part without a file name', () => {
  it('is read as a file with an empty name: the register form answers 400, not 500', async () => {
    // Without a type the part goes as application/octet-stream, which the parser reads as a file even with no file name.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('user_image', new Blob([png]), '');
    const response = await new TestClient(server.url).request('POST', '/api/site/register', { form });
    expect(response.status).toBe(400);
    expect(response.data).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});

describe('the error log', () => {
  it('keeps a failed query without its parameters', async () => {
    const secret = 'secret-person@example.com';
    const failure = await server.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, `${secret}\u0000`))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeDefined();
    expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).toContain(secret);
    const logged = JSON.stringify(redactedError(failure));
    expect(logged).not.toContain(secret);
    expect(logged).toContain('params: [redacted]');
  });
});

describe('errors the router raises', () => {
  it('answers a too long path parameter with 414 in the one error shape', async () => {
    const response = await new TestClient(server.url).get(`/api/events/show/${'a'.repeat(300)}`);
    expect(response.status).toBe(414);
    expect(response.data).toMatchObject({ success: false, code: 'URI_TOO_LONG', error: 'The URL is too long', message: 'The URL is too long' });
  });

  it('answers a badly encoded URL with 400 in the one error shape', async () => {
    const response = await new TestClient(server.url).get('/api/events/show/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(response.data).toMatchObject({ success: false, code: 'BAD_URL', message: 'The URL is not valid' });
  });
});

describe('request ids', () => {
  it('answers every request with an x-request-id, keeping a plain one the caller sent', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/health')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const sent = await anonymous.request('GET', '/api/health', { headers: { 'x-request-id': 'edge-1234' } });
    expect(sent.headers.get('x-request-id')).toBe('edge-1234');
    const hostile = await anonymous.request('GET', '/api/health', { headers: { 'x-request-id': 'a b <script>' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
