// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createCampaign, createPledge } from '../../test/factories.ts';
import { saveCard } from '../../test/money.ts';

/** Races that only PostgreSQL runs truly in parallel (the embedded database serialises them); run with API_TEST_DRIVER=postgres. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('card changes racing each other', () => {
  it('of two cards backing pending pledges deleted together, never leaves a pending pledge on a removed card', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { client, user } = await signUp(server.url);
      const first = await saveCard(client, '4242 4242 4242 4242');
      const second = await saveCard(client, '5555 5555 5555 4444');
      const { user: host } = await signUp(server.url);
      const event = await createCampaign(server.app, host._id, { status: 'approved' });
      await createPledge(server.app, user._id, event.id, { paymentMethodId: first });
      await createPledge(server.app, user._id, event.id, { paymentMethodId: second });

      const answers = await Promise.all([client.delete(`/api/payment-methods/${first}`), client.delete(`/api/payment-methods/${second}`)]);
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
      const first = await saveCard(client, '4242 4242 4242 4242');
      const second = await saveCard(client, '5555 5555 5555 4444');
      const requests = Array.from({ length: 20 }, (_, index) => client.post(`/api/payment-methods/${index % 2 ? first : second}/default`));
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
    await Promise.all([saveCard(client, '4242 4242 4242 4242'), saveCard(client, '5555 5555 5555 4444')]);
    const defaults = await server.app.ctx.database.query('select id from payment_methods where user_id = $1 and is_default', [user._id]);
    expect(defaults).toHaveLength(1);
  });
});
