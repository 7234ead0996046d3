// @module-tag concurrency
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { firstCharityId } from '../../test/factories.ts';
import { CARDS, saveCard } from '../../test/money.ts';

/** A saved card a monthly gift is charged to stays until the gift is switched to another card (or cancelled). */
let server: TestServer;
let charityId: string;
let charityName: string;
beforeAll(async () => {
  server = await startTestServer();
  charityId = await firstCharityId(server);
  const [row] = await server.app.ctx.database.query<{ name: string }>('select name from charities where id = $1', [charityId]);
  charityName = row!.name;
});
afterAll(async () => server.close());

async function giver() {
  const person = await signUp(server.url);
  const first = await saveCard(person.client, CARDS.visa);
  const second = await saveCard(person.client, '5555 5555 5555 4444');
  const started = await person.client.post(`/api/charities/${charityId}/monthly-gifts`, { amount: 25, tip: 2.5, payment_method_id: first });
  expect(started.status, JSON.stringify(started.data)).toBe(201);
  return { ...person, first, second, giftId: started.data.data.gift._id as string };
}

const savedCards = async (person: Awaited<ReturnType<typeof giver>>) =>
  ((await person.client.get('/api/payment-methods')).data.data as { id: string }[]).map((card) => card.id);

describe('removing a card a monthly gift uses', () => {
  it('is refused with a message naming the gift and changes nothing; once the gift is switched (or cancelled) the card goes', async () => {
    const person = await giver();
    const refused = await person.client.delete(`/api/payment-methods/${person.first}`);
    expect(refused.status).toBe(409);
    expect(refused.data.message).toBe(
      `This card pays your monthly gift to ${charityName} ($27.50 a month). Switch that gift to another card under My Giving before removing this card.`,
    );
    expect(await savedCards(person)).toContain(person.first);

    // Another card, not used by the gift, goes as before.
    const spare = await saveCard(person.client, CARDS.visa);
    expect((await person.client.delete(`/api/payment-methods/${spare}`)).status).toBe(200);

    expect((await person.client.put(`/api/monthly-gifts/${person.giftId}/card`, { payment_method_id: person.second })).status).toBe(200);
    expect((await person.client.delete(`/api/payment-methods/${person.first}`)).status).toBe(200);
    expect((await person.client.delete(`/api/payment-methods/${person.second}`)).status).toBe(409);
    expect((await person.client.post(`/api/monthly-gifts/${person.giftId}/cancel`)).status).toBe(200);
    expect((await person.client.delete(`/api/payment-methods/${person.second}`)).status).toBe(200);
  });

  it('racing a switch of the gift onto that card, never leaves a gift charged to a removed card', async () => {
    for (let round = 0; round < 5; round += 1) {
      const person = await giver();
      const [switched, removed] = await Promise.all([
        person.client.put(`/api/monthly-gifts/${person.giftId}/card`, { payment_method_id: person.second }),
        person.client.delete(`/api/payment-methods/${person.second}`),
      ]);
      // One of the two wins: the gift moved and the removal was refused, or the card went and the switch was refused.
      expect(switched.status === 200 ? [200, 409] : [404, 200]).toEqual([switched.status, removed.status]);
      const stranded = await server.app.ctx.database.query(
        `select g.id from monthly_gifts g join payment_methods m on m.id = g.payment_method_id
         where g.id = $1 and g.status <> 'cancelled' and m.removed_at is not null`,
        [person.giftId],
      );
      expect(stranded).toEqual([]);
    }
  });
});
