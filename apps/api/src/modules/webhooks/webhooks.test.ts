import { readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@pledgeway/domain';
import { outboxEmails } from '../../db/schema.ts';
import { createTestClock, type TestClock } from '../../lib/clock.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { checkedAddress, isPublicAddress, RefusedAddressError } from './address-guard.ts';
import { postOnce } from './post.ts';
import { createWebhooksService, GIVE_UP_AFTER_MS } from './service.ts';
import { webhookEndpoints, webhookEvents } from './tables.ts';
import { startReceiver, type TestReceiver } from './test-receiver.ts';
import { liveCampaign, saveCard } from '../../test/money.ts';
import { adminClient, type Person } from '../../test/factories.ts';

/** The receiver's verification exactly as docs/integrations.md gives it, loaded from the document itself. */
type Verify = (rawBody: string, header: string | undefined, secret: string, toleranceSeconds?: number) => boolean;
async function documentedVerify(): Promise<Verify> {
  const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/integrations.md'), 'utf8');
  const after = doc.slice(doc.indexOf('<!-- verify-snippet'));
  const code = after.slice(after.indexOf('```js') + 5, after.indexOf('```', after.indexOf('```js') + 5));
  const dir = mkdtempSync(path.join(tmpdir(), 'pledgeway-verify-'));
  const file = path.join(dir, 'verify.mjs');
  writeFileSync(file, code);
  try {
    const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyPledgewaySignature: Verify };
    return module.verifyPledgewaySignature;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let server: TestServer;
let admin: TestClient;
let clock: TestClock;
let verify: Verify;
const MINUTE = 60_000;

beforeAll(async () => {
  // The receivers of this file listen on loopback: a setting only tests and development allow.
  server = await startTestServer({ webhooksAllowPrivateAddresses: true });
  clock = createTestClock();
  server.app.ctx.clock = clock;
  admin = await adminClient(server);
  verify = await documentedVerify();
});
afterAll(async () => server.close());

const service = () => createWebhooksService(server.app.ctx);
/** Runs the delivery worker as its schedule would: dispatch every recorded event, send what is due. */
const deliver = () => service().run();

async function endpointFor(
  host: Person,
  receiver: TestReceiver,
  eventTypes: string[] = ['pledge.created', 'pledge.charged', 'pledge.failed', 'campaign.completed'],
) {
  const created = await host.client.post('/api/webhooks/endpoints', { url: receiver.url, event_types: eventTypes, description: 'CRM' });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  return { id: created.data.data.endpoint.id as string, secret: created.data.data.secret as string };
}

async function pledge(supporter: Person, eventId: string, options: { anonymous?: boolean; share?: boolean; message?: string } = {}) {
  const cardId = await saveCard(supporter.client);
  const answer = await supporter.client.post(`/api/events/${eventId}/pledges`, {
    amount: 25,
    tip_percent: 0,
    anonymous: options.anonymous ?? false,
    share_email_with_host: options.share ?? false,
    message: options.message ?? 'Go team!',
    payment_method_id: cardId,
  });
  expect(answer.status, JSON.stringify(answer.data)).toBe(201);
  return answer.data.data.pledge._id as string;
}

function envelopes(receiver: TestReceiver) {
  return receiver.received.map((request) => JSON.parse(request.body) as { id: string; type: string; data: Record<string, unknown> });
}

describe('the address guard', () => {
  it('refuses loopback, private, link-local, metadata and IPv6 private addresses, and allows public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('checks every address a name resolves to, after resolution', async () => {
    const resolve = async (name: string) =>
      name === 'inside.example' ? [{ address: '10.0.0.7', family: 4 as const }] : [{ address: '93.184.215.14', family: 4 as const }];
    await expect(checkedAddress(new URL('https://inside.example/hook'), { allowPrivate: false, resolve })).rejects.toThrow(RefusedAddressError);
    await expect(checkedAddress(new URL('https://[::1]/hook'), { allowPrivate: false, resolve })).rejects.toThrow(/::1/);
    await expect(checkedAddress(new URL('http://169.254.169.254/latest/meta-data'), { allowPrivate: false, resolve })).rejects.toThrow(/169\.254\.169\.254/);
    // One private address among public ones is enough to refuse.
    const mixed = async () => [
      { address: '93.184.215.14', family: 4 as const },
      { address: '127.0.0.1', family: 4 as const },
    ];
    await expect(checkedAddress(new URL('https://mixed.example/'), { allowPrivate: false, resolve: mixed })).rejects.toThrow(/127\.0\.0\.1/);
    expect(await checkedAddress(new URL('https://outside.example/'), { allowPrivate: false, resolve })).toEqual({ address: '93.184.215.14', family: 4 });
  });

  it('connects to the address it checked, not to what the name resolves to later', async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      // `.invalid` never resolves through the system: the request can only have gone to the checked address.
      const result = await postOnce(
        `http://pinned.invalid:${port}/hooks`,
        '{}',
        {},
        { allowPrivate: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
      );
      expect(result).toMatchObject({ ok: true, statusCode: 200 });
      expect(receiver.received[0]!.headers.host).toBe(`pinned.invalid:${port}`);
      // Without the test setting, the same loopback address is never called.
      const refused = await postOnce(
        `http://pinned.invalid:${port}/hooks`,
        '{}',
        {},
        { allowPrivate: false, resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
      );
      expect(refused).toMatchObject({ ok: false, statusCode: null });
      expect(refused.response).toMatch(/^Not sent: .*127\.0\.0\.1/);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('does not follow a redirect', async () => {
    const { createServer } = await import('node:http');
    let hits = 0;
    const target = createServer((_request, response) => {
      hits += 1;
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const port = (target.address() as { port: number }).port;
    const result = await postOnce(`http://127.0.0.1:${port}/`, '{}', {}, { allowPrivate: true });
    await new Promise((resolve) => target.close(resolve));
    expect(hits).toBe(1);
    expect(result).toMatchObject({ ok: false, statusCode: 302 });
    expect(result.response).toContain('not followed');
  });

  it('refuses an endpoint on a private address when it is registered, and again before each attempt', async () => {
    const strict = await startTestServer();
    try {
      const host = await signUp(strict.url);
      for (const url of ['http://127.0.0.1:9/hook', 'http://10.0.0.1/hook', 'http://169.254.169.254/', 'http://[::1]/hook', 'http://localhost/hook']) {
        const refused = await host.client.post('/api/webhooks/endpoints', { url, event_types: ['pledge.created'] });
        expect(refused.status, url).toBe(400);
        expect(refused.data.fields.url).toBe(INTEGRATION_MESSAGES.urlRefused);
      }
      // A name that resolved to a public address when registered and to a private one now (DNS rebinding).
      const [row] = await strict.app.ctx.db
        .insert(webhookEndpoints)
        .values({ ownerType: 'host', ownerId: host.user._id, url: 'http://rebind.example/hook', eventTypes: ['webhook.test'], secret: 'whsec_x' })
        .returning();
      const rebinding = createWebhooksService(strict.app.ctx, { resolve: async () => [{ address: '192.168.0.10', family: 4 }] });
      await host.client.post(`/api/webhooks/endpoints/${row!.id}/test`);
      await rebinding.run();
      const log = await host.client.get(`/api/webhooks/endpoints/${row!.id}/deliveries`);
      expect(log.data.data.deliveries[0].log[0]).toMatchObject({ status_code: null, ok: false });
      expect(log.data.data.deliveries[0].log[0].response).toContain('192.168.0.10');
    } finally {
      await strict.close();
    }
  });
});

describe('webhook deliveries', () => {
  it('sends a pledge, a completed campaign and its charge run to the host, signed as the docs verify them', async () => {
    const host = await signUp(server.url, { name: 'Hana Host' });
    const receiver = await startReceiver();
    try {
      const campaign = await liveCampaign(server, host, admin);
      const { secret } = await endpointFor(host, receiver);
      const ava = await signUp(server.url, { name: 'Ava Named' });
      const ben = await signUp(server.url, { name: 'Ben Hidden' });
      const cy = await signUp(server.url, { name: 'Cy Sharing' });
      const avaPledge = await pledge(ava, campaign.id);
      const benPledge = await pledge(ben, campaign.id, { anonymous: true });
      const cyPledge = await pledge(cy, campaign.id, { share: true });
      await deliver();

      const created = envelopes(receiver).filter((event) => event.type === 'pledge.created');
      expect(created.map((event) => event.data.id).sort()).toEqual([avaPledge, benPledge, cyPledge].sort());
      for (const request of receiver.received) {
        expect(verify(request.body, request.headers['pledgeway-signature'] as string, secret)).toBe(true);
        expect(verify(request.body, request.headers['pledgeway-signature'] as string, 'whsec_wrong')).toBe(false);
        expect(verify(`${request.body} `, request.headers['pledgeway-signature'] as string, secret)).toBe(false);
      }
      const byPledge = new Map(created.map((event) => [event.data.id, event]));
      // Names as chosen, e-mails only where shared (decision 149).
      expect(byPledge.get(avaPledge)!.data.supporter).toEqual({ name: 'Ava Named', email: null });
      expect(byPledge.get(benPledge)!.data.supporter).toEqual({ name: null, email: null });
      expect(byPledge.get(cyPledge)!.data.supporter).toEqual({ name: 'Cy Sharing', email: cy.email.toLowerCase() });
      expect(JSON.stringify(created)).not.toContain('Ben Hidden');
      expect(JSON.stringify(created)).not.toContain(ava.email.toLowerCase());
      expect(created[0]).toMatchObject({ version: 1, created: expect.any(String), ordering: expect.stringContaining('any order') });

      // The campaign completes, and its charge run charges the pledges.
      expect((await host.client.post(`/api/events/${campaign.id}/complete`)).status).toBe(200);
      const run = await admin.post(`/api/admin/events/${campaign.id}/charge`);
      expect(run.status, JSON.stringify(run.data)).toBe(201);
      await server.app.ctx.jobs.drain();
      await deliver();
      const types = envelopes(receiver).map((event) => event.type);
      expect(types.filter((type) => type === 'campaign.completed')).toHaveLength(1);
      const charged = envelopes(receiver).filter((event) => event.type === 'pledge.charged');
      expect(charged.map((event) => event.data.id)).toEqual(expect.arrayContaining([avaPledge, benPledge, cyPledge]));
      expect(charged.find((event) => event.data.id === benPledge)!.data.supporter).toEqual({ name: null, email: null });
      // Each event once: another pass sends nothing more.
      const count = receiver.received.length;
      await deliver();
      expect(receiver.received).toHaveLength(count);
      expect(new Set(envelopes(receiver).map((event) => event.id)).size).toBe(count);
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('records nothing for a host without endpoints, and sends only the types an endpoint chose', async () => {
    const host = await signUp(server.url);
    const campaign = await liveCampaign(server, host, admin);
    const supporter = await signUp(server.url);
    const before = await server.app.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.ownerId, host.user._id));
    await pledge(supporter, campaign.id);
    expect(await server.app.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.ownerId, host.user._id))).toHaveLength(before.length);

    const receiver = await startReceiver();
    try {
      await endpointFor(host, receiver, ['campaign.completed']);
      await pledge(await signUp(server.url), campaign.id);
      expect((await host.client.post(`/api/events/${campaign.id}/complete`)).status).toBe(200);
      await deliver();
      expect(envelopes(receiver).map((event) => event.type)).toEqual(['campaign.completed']);
    } finally {
      await receiver.close();
    }
  }, 30_000);

  it('retries a failing receiver with backoff: failing twice then answering, the event is delivered once', async () => {
    const host = await signUp(server.url);
    const receiver = await startReceiver();
    try {
      const campaign = await liveCampaign(server, host, admin);
      const { id } = await endpointFor(host, receiver, ['pledge.created']);
      receiver.answers = [500, 503];
      await pledge(await signUp(server.url), campaign.id);
      await deliver();
      expect(receiver.received).toHaveLength(1);
      // Not due again before its backoff (1 min).
      clock.advance(30_000);
      await deliver();
      expect(receiver.received).toHaveLength(1);
      clock.advance(31_000);
      await deliver();
      expect(receiver.received).toHaveLength(2);
      clock.advance(5 * MINUTE + 1_000);
      await deliver();
      expect(receiver.received).toHaveLength(3);
      clock.advance(60 * MINUTE);
      await deliver();
      expect(receiver.received).toHaveLength(3);
      expect(new Set(envelopes(receiver).map((event) => event.id)).size).toBe(1);

      const log = await host.client.get(`/api/webhooks/endpoints/${id}/deliveries`);
      expect(log.status).toBe(200);
      const [delivery] = log.data.data.deliveries;
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, event_type: 'pledge.created', next_attempt_at: null });
      expect(delivery.log.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([500, 503, 200]);
      expect(delivery.log[0].response).toContain('failing on purpose (500)');

      // "Send again" sends the same event once more.
      const again = await host.client.post(`/api/webhooks/endpoints/${id}/deliveries/${delivery.id}/redeliver`);
      expect(again.status).toBe(202);
      await server.app.ctx.jobs.drain();
      expect(receiver.received).toHaveLength(4);
      expect(envelopes(receiver)[3]!.id).toBe(envelopes(receiver)[0]!.id);
    } finally {
      await receiver.close();
    }
  }, 30_000);

  it('turns off an endpoint that fails for 3 days and e-mails its owner', async () => {
    const host = await signUp(server.url);
    const receiver = await startReceiver();
    try {
      // A test event goes to its endpoint whatever types it chose.
      const { id } = await endpointFor(host, receiver, ['campaign.closed']);
      receiver.answers = Array.from({ length: 100 }, () => 500);
      expect((await host.client.post(`/api/webhooks/endpoints/${id}/test`)).status).toBe(202);
      await server.app.ctx.jobs.drain();
      let passes = 0;
      const started = clock.now().getTime();
      while (clock.now().getTime() - started <= GIVE_UP_AFTER_MS + 12 * 60 * MINUTE && passes < 100) {
        clock.advance(60 * MINUTE);
        await deliver();
        passes += 1;
      }
      const [endpoint] = (await host.client.get('/api/webhooks/endpoints')).data.data.endpoints;
      expect(endpoint).toMatchObject({ status: 'disabled', disabled_reason: 'Turned off after failing for 3 days' });
      const [delivery] = (await host.client.get(`/api/webhooks/endpoints/${id}/deliveries`)).data.data.deliveries;
      expect(delivery.status).toBe('failed');
      // 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h within 3 days: not one attempt an hour.
      expect(delivery.attempts).toBeGreaterThanOrEqual(8);
      expect(delivery.attempts).toBeLessThanOrEqual(13);
      const mails = await server.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, host.email.toLowerCase()));
      expect(mails.filter((mail) => mail.kind === 'webhook-endpoint-disabled')).toHaveLength(1);
      // Nothing more is sent to a disabled endpoint.
      const sent = receiver.received.length;
      clock.advance(24 * 60 * MINUTE);
      await deliver();
      expect(receiver.received).toHaveLength(sent);
      // Its owner turns it back on.
      const enabled = await host.client.request('PATCH', `/api/webhooks/endpoints/${id}`, { json: { enabled: true } });
      expect(enabled.data.data.endpoint.status).toBe('enabled');
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('delivers each event once per endpoint when two instances work at the same time', { tags: ['concurrency'], timeout: 30_000 }, async () => {
    const host = await signUp(server.url);
    const receiver = await startReceiver();
    const second = await startReceiver();
    try {
      const campaign = await liveCampaign(server, host, admin);
      await endpointFor(host, receiver, ['pledge.created']);
      await endpointFor(host, second, ['pledge.created']);
      for (let index = 0; index < 4; index += 1) await pledge(await signUp(server.url), campaign.id);
      await Promise.all([
        createWebhooksService(server.app.ctx).run(),
        createWebhooksService(server.app.ctx).run(),
        createWebhooksService(server.app.ctx).run(),
      ]);
      for (const target of [receiver, second]) {
        expect(target.received).toHaveLength(4);
        expect(new Set(envelopes(target).map((event) => event.id)).size).toBe(4);
      }
    } finally {
      await receiver.close();
      await second.close();
    }
  });

  it('signs with both secrets for 24 hours after a rotation, and shows a secret only once', async () => {
    const host = await signUp(server.url);
    const receiver = await startReceiver();
    try {
      const { id, secret } = await endpointFor(host, receiver, ['pledge.created']);
      const listed = await host.client.get('/api/webhooks/endpoints');
      expect(JSON.stringify(listed.data)).not.toContain(secret);
      const rotated = await host.client.post(`/api/webhooks/endpoints/${id}/rotate-secret`);
      expect(rotated.status).toBe(200);
      const fresh = rotated.data.data.secret as string;
      expect(fresh).not.toBe(secret);
      await host.client.post(`/api/webhooks/endpoints/${id}/test`);
      await server.app.ctx.jobs.drain();
      const [first] = receiver.received;
      const header = first!.headers['pledgeway-signature'] as string;
      expect(header.match(/v1=/g)).toHaveLength(2);
      expect(verify(first!.body, header, fresh)).toBe(true);
      expect(verify(first!.body, header, secret)).toBe(true);
      clock.advance(24 * 60 * MINUTE + 1_000);
      await host.client.post(`/api/webhooks/endpoints/${id}/test`);
      await server.app.ctx.jobs.drain();
      const later = receiver.received[1]!;
      expect((later.headers['pledgeway-signature'] as string).match(/v1=/g)).toHaveLength(1);
      expect(verify(later.body, later.headers['pledgeway-signature'] as string, fresh)).toBe(true);
      expect(verify(later.body, later.headers['pledgeway-signature'] as string, secret)).toBe(false);
      expect(JSON.parse(later.body)).toMatchObject({ type: 'webhook.test', data: { object: 'test' } });
    } finally {
      await receiver.close();
    }
  });

  it("keeps a host's endpoints and logs from everyone else", async () => {
    const host = await signUp(server.url);
    const other = await signUp(server.url);
    const receiver = await startReceiver();
    try {
      const { id } = await endpointFor(host, receiver, ['pledge.created']);
      expect((await other.client.get(`/api/webhooks/endpoints/${id}/deliveries`)).status).toBe(404);
      expect((await other.client.post(`/api/webhooks/endpoints/${id}/test`)).status).toBe(404);
      expect((await other.client.post(`/api/webhooks/endpoints/${id}/rotate-secret`)).status).toBe(404);
      expect((await other.client.delete(`/api/webhooks/endpoints/${id}`)).status).toBe(404);
      expect((await other.client.get('/api/webhooks/endpoints')).data.data.endpoints).toEqual([]);
      expect((await host.client.delete(`/api/webhooks/endpoints/${id}`)).status).toBe(200);
      expect((await host.client.get('/api/webhooks/endpoints')).data.data.endpoints).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
