// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createCampaign, createPledge } from '../my-events/test-factories.ts';

/** Races that only PostgreSQL runs truly in parallel (the embedded database serialises them); run with API_TEST_DRIVER=postgres. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function addCard(client: TestClient, number: string) {
  const tokenized = await client.post('/api/sandbox/cards', { holder_name: 'Card Holder', number, expiry: `09/${nextYear}`, cvv: '123' });
  const saved = await client.post('/api/payment-methods', { token: tokenized.data.token });
  expect(saved.status).toBe(201);
  return saved.data.data as { id: string };
}

describe('card changes racing each other', () => {
  it('of two cards backing pending pledges deleted together, never leaves a pending pledge on a removed card', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { client, user } = await signUp(server.url);
      const first = await addCard(client, '4242 4242 4242 4242');
      const second = await addCard(client, '5555 5555 5555 4444');
      const { user: host } = await signUp(server.url);
      const event = await createCampaign(server.app, host._id, { status: 'approved' });
      await createPledge(server.app, user._id, event.id, { paymentMethodId: first.id });
      await createPledge(server.app, user._id, event.id, { paymentMethodId: second.id });

      const answers = await Promise.all([client.delete(`/api/payment-methods/${first.id}`), client.delete(`/api/payment-methods/${second.id}`)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const stranded = await server.app.ctx.database.query(
        `select p.id from pledges p join payment_methods m on m.id = p.payment_method_id
         where p.user_id = $1 and p.status = 'pending' and m.removed_at is not null`,
        [user._id],
      );
      expect(stranded).toEqual([]);
    }
  });

  it('leaves exactly one default card after many set-default requests for two cards at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { client, user } = await signUp(server.url);
      const first = await addCard(client, '4242 4242 4242 4242');
      const second = await addCard(client, '5555 5555 5555 4444');
      const requests = Array.from({ length: 20 }, (_, index) => client.post(`/api/payment-methods/${index % 2 ? first.id : second.id}/default`));
      const answers = await Promise.all(requests);
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const defaults = await server.app.ctx.database.query('select id from payment_methods where user_id = $1 and is_default and removed_at is null', [
        user._id,
      ]);
      expect(defaults).toHaveLength(1);
    }
  });

  it('makes only one of two first cards added together the default', async () => {
    const { client, user } = await signUp(server.url);
    await Promise.all([addCard(client, '4242 4242 4242 4242'), addCard(client, '5555 5555 5555 4444')]);
    const defaults = await server.app.ctx.database.query('select id from payment_methods where user_id = $1 and is_default', [user._id]);
    expect(defaults).toHaveLength(1);
  });
});
