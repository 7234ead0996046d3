import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createPayload } from '../../test/campaign-form.ts';
import { firstCharityId, verifiedCreator } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /api/events/create with an Idempotency-Key', () => {
  it('creates one campaign for a retried request, also when the retries race, and answers each with it', { tags: ['concurrency'] }, async () => {
    const creator = await verifiedCreator(server);
    const payload = await createPayload(await firstCharityId(server), creator.email);
    const send = (key: string) => creator.client.request('POST', '/api/events/create', { json: payload, headers: { 'idempotency-key': key } });
    const answers = await Promise.all([send('create-1'), send('create-1'), send('create-1')]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.data.event.id)).size).toBe(1);
    const retried = await send('create-1');
    expect(retried.data.event.id).toBe(answers[0]!.data.event.id);
    const other = await send('create-2');
    expect(other.data.event.id).not.toBe(answers[0]!.data.event.id);
    const [count] = await server.app.ctx.database.query<{ n: string }>('select count(*)::text as n from events where owner_id = $1', [creator.user._id]);
    expect(count!.n).toBe('2');
  });

  it('keeps no banner file of a retried request', async () => {
    const creator = await verifiedCreator(server);
    const payload = await createPayload(await firstCharityId(server), creator.email);
    const stored = new Set<string>();
    const storage = server.app.ctx.storage;
    const put = storage.put.bind(storage);
    const remove = storage.remove.bind(storage);
    storage.put = async (key, data, type) => {
      stored.add(key);
      return put(key, data, type);
    };
    storage.remove = async (key) => {
      stored.delete(key);
      return remove(key);
    };
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await creator.client.request('POST', '/api/events/create', { json: payload, headers: { 'idempotency-key': 'banner-once' } });
      }
    } finally {
      storage.put = put;
      storage.remove = remove;
    }
    expect(stored.size).toBe(1);
  });

  it('refuses a malformed key', async () => {
    const creator = await verifiedCreator(server);
    const payload = await createPayload(await firstCharityId(server), creator.email);
    const answer = await creator.client.request('POST', '/api/events/create', { json: payload, headers: { 'idempotency-key': 'x'.repeat(201) } });
    expect(answer.status).toBe(400);
  });
});
