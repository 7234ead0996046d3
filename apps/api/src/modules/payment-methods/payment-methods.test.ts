import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from '@pledgeway/domain';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createCampaign, createPledge } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function addCard(client: TestClient, number = '4242 4242 4242 4242', holder = 'Card Holder') {
  const tokenized = await client.post('/api/sandbox/cards', { holder_name: holder, number, expiry: `09/${nextYear}`, cvv: '123' });
  expect(tokenized.status).toBe(201);
  const saved = await client.post('/api/payment-methods', { token: tokenized.data.token });
  expect(saved.status).toBe(201);
  return saved.data.data as { id: string; is_default: boolean };
}

describe('payment methods', () => {
  it('answers bad card input with the messages of docs/product.md#payment and saves nothing', async () => {
    const { client } = await signUp(server.url);
    const empty = await client.post('/api/sandbox/cards', { holder_name: '', number: '', expiry: '', cvv: '' });
    expect(empty.status).toBe(400);
    expect(empty.data.fields).toEqual({
      holder_name: CARD_MESSAGES.holderRequired,
      number: CARD_MESSAGES.numberRequired,
      expiry: CARD_MESSAGES.expiryRequired,
      cvv: CARD_MESSAGES.cvvRequired,
    });
    const bad = await client.post('/api/sandbox/cards', { holder_name: 'A B', number: '4242 4242 4242 4241', expiry: '13/30', cvv: '12' });
    expect(bad.data.fields).toEqual({ number: CARD_MESSAGES.numberInvalid, expiry: CARD_MESSAGES.expiryInvalid, cvv: CARD_MESSAGES.cvvInvalid });
    const expired = await client.post('/api/sandbox/cards', { holder_name: 'A B', number: '4242424242424242', expiry: '01/20', cvv: '123' });
    expect(expired.data.fields).toEqual({ expiry: CARD_MESSAGES.expiryInvalid });
    expect((await client.get('/api/payment-methods')).data.data).toEqual([]);
  });

  it('saves a card in the shape of docs/product.md#payment-methods, first one default, without the number', async () => {
    const { client } = await signUp(server.url, { name: 'Casey Card' });
    const card = await addCard(client, '4242 4242 4242 4242', 'Casey Card');
    expect(card.is_default).toBe(true);
    const list = await client.get('/api/payment-methods');
    expect(list.status).toBe(200);
    expect(list.data.data).toEqual([
      {
        id: card.id,
        kind: 'card',
        label: 'Visa •••• 4242',
        card: { brand: 'visa', last4: '4242', exp_month: 9, exp_year: 2000 + Number(nextYear) },
        detail: null,
        billing_details: { name: 'Casey Card' },
        is_default: true,
      },
    ]);
    const rows = await server.app.ctx.database.query('select * from payment_methods');
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
  });

  it('refuses to save the declining test card with 402 and keeps nothing', async () => {
    const { client } = await signUp(server.url);
    const tokenized = await client.post('/api/sandbox/cards', { holder_name: 'D C', number: '4000 0000 0000 0002', expiry: `09/${nextYear}`, cvv: '123' });
    expect(tokenized.status).toBe(201);
    const saved = await client.post('/api/payment-methods', { token: tokenized.data.token });
    expect(saved.status).toBe(402);
    expect(saved.data.message).toBe('Your card was declined.');
    expect((await client.get('/api/payment-methods')).data.data).toEqual([]);
  });

  it('saves the insufficient-funds test card: funds are checked per charge', async () => {
    const { client } = await signUp(server.url);
    await addCard(client, '4000 0000 0000 9995');
    expect((await client.get('/api/payment-methods')).data.data).toHaveLength(1);
  });

  it('rejects a reused or unknown token', async () => {
    const { client } = await signUp(server.url);
    const tokenized = await client.post('/api/sandbox/cards', { holder_name: 'X Y', number: '4242424242424242', expiry: `09/${nextYear}`, cvv: '123' });
    expect((await client.post('/api/payment-methods', { token: tokenized.data.token })).status).toBe(201);
    expect((await client.post('/api/payment-methods', { token: tokenized.data.token })).status).toBe(422);
    expect((await client.post('/api/payment-methods', { token: 'tok_sbx_made_up' })).status).toBe(422);
  });

  it('sets the default card and removes a card; another user gets 404', async () => {
    const { client } = await signUp(server.url);
    const first = await addCard(client);
    const second = await addCard(client, '5555 5555 5555 4444');
    expect(second.is_default).toBe(false);
    const { client: stranger } = await signUp(server.url);
    expect((await stranger.post(`/api/payment-methods/${first.id}/default`)).status).toBe(404);
    expect((await stranger.delete(`/api/payment-methods/${first.id}`)).status).toBe(404);
    expect((await stranger.get('/api/payment-methods')).data.data).toEqual([]);

    const made = await client.post(`/api/payment-methods/${second.id}/default`);
    expect(made.data.data.is_default).toBe(true);
    let list = (await client.get('/api/payment-methods')).data.data;
    expect(list.map((item: { id: string; is_default: boolean }) => [item.id, item.is_default])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect((await client.delete(`/api/payment-methods/${second.id}`)).status).toBe(200);
    list = (await client.get('/api/payment-methods')).data.data;
    expect(list).toEqual([expect.objectContaining({ id: first.id, is_default: true })]);
    expect((await client.delete(`/api/payment-methods/${second.id}`)).status).toBe(404);
  });

  it('keeps the only card of a pending pledge, and moves pledges to the next card', async () => {
    const { client, user } = await signUp(server.url);
    const card = await addCard(client);
    const { user: host } = await signUp(server.url);
    const event = await createCampaign(server.app, host._id, { status: 'approved' });
    const pledge = await createPledge(server.app, user._id, event.id, { paymentMethodId: card.id });
    const refused = await client.delete(`/api/payment-methods/${card.id}`);
    expect(refused.status).toBe(409);
    const next = await addCard(client, '5555 5555 5555 4444');
    expect((await client.delete(`/api/payment-methods/${card.id}`)).status).toBe(200);
    const [row] = await server.app.ctx.database.query<{ payment_method_id: string }>('select payment_method_id from pledges where id = $1', [pledge.id]);
    expect(row!.payment_method_id).toBe(next.id);
  });

  it('keeps the sandbox card form while the sandbox is the provider: no publishable key, no SetupIntent, no Stripe webhooks', async () => {
    const config = await new TestClient(server.url).get('/api/payment-methods/config');
    expect(config.data).toEqual({ success: true, provider: 'sandbox', publishable_key: null });
    expect(config.headers.get('content-security-policy')).not.toContain('stripe.com');
    const { client } = await signUp(server.url);
    const setup = await client.post('/api/payment-methods/setup-intent');
    expect(setup.status).toBe(409);
    expect(setup.data.message).toBe('Cards are entered in the test card form while the sandbox payment provider is active.');
    const webhook = await new TestClient(server.url).request('POST', '/api/payments/webhook', { body: '{}', headers: { 'content-type': 'application/json' } });
    expect(webhook.status).toBe(503);
  });

  it('needs a signed-in user to save cards', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/payment-methods')).status).toBe(401);
    expect((await anonymous.post('/api/payment-methods', { token: 'tok_sbx_x' })).status).toBe(401);
  });

  it('lets a visitor tokenize a card for a donation, at most 10 a minute', async () => {
    const visitor = new TestClient(server.url);
    const card = { holder_name: 'Vera Visitor', number: '4242424242424242', expiry: `09/${nextYear}`, cvv: '123' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await visitor.post('/api/sandbox/cards', card)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});
