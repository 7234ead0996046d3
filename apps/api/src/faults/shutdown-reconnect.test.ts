// @module-tag concurrency
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_RECONNECT_MS } from '../modules/live/routes.ts';
import { testDriver } from '../test/harness.ts';
import { createTestDatabase, startChildApp, verifiedCreator, type ChildApp } from './child-app.ts';
import { createPayload } from '../test/campaign-form.ts';

/**
 * An instance that stops (SIGTERM, as a deployment stops it) ends its live streams with a wait
 * before reconnecting of each page's own, spread over a few seconds (decision 197); the pages then
 * find their campaign on the instance that stays.
 */
const PAGES = 40;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let dataDir: string | undefined;
let apps: ChildApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.kill()));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The whole stream until the server ends it. */
async function readToEnd(response: Response): Promise<string> {
  let text = '';
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += value;
  }
}

describe.skipIf(testDriver !== 'postgres')('live streams of an instance that stops', () => {
  it('are told to reconnect after waits spread over a few seconds, and reconnect to the other instance', { timeout: 180_000 }, async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-shutdown-'));
    apps = await Promise.all([0, 1].map(() => startChildApp({ dataDir: dataDir!, databaseUrl: database!.url })));
    const [a, b] = apps as [ChildApp, ChildApp];
    const creator = await verifiedCreator(a.url);
    const charities = (await fetch(`${a.url}/api/charities`).then((response) => response.json())) as { charities: { _id: string }[] }[];
    const created = await creator.client.post('/api/events/create', await createPayload(charities[0]!.charities[0]!._id, creator.email));
    const eventId = created.data.event.id as string;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`update events set status = 'approved', approved_at = now() where id = $1`, [eventId]).finally(() => admin.end());

    const streams = await Promise.all(Array.from({ length: PAGES }, () => fetch(`${a.url}/api/events/${eventId}/live`)));
    for (const stream of streams) expect(stream.status).toBe(200);
    const ended = Promise.all(streams.map(readToEnd));
    await a.stop();
    const texts = await ended;

    // The last `retry` a page was told is what EventSource waits before reconnecting.
    const waits = texts.map((text) => Number([...text.matchAll(/^retry: (\d+)$/gm)].at(-1)?.[1]));
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(SHUTDOWN_RECONNECT_MS.min);
      expect(wait).toBeLessThanOrEqual(SHUTDOWN_RECONNECT_MS.min + SHUTDOWN_RECONNECT_MS.spread);
    }
    // Spread, not in one second: no second of the window takes more than half the pages (evenly, a fifth).
    const perSecond = new Map<number, number>();
    for (const wait of waits) perSecond.set(Math.floor(wait / 1000), (perSecond.get(Math.floor(wait / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(PAGES / 2);
    expect(Math.max(...waits) - Math.min(...waits)).toBeGreaterThanOrEqual(2_000);

    // Reconnected (the load balancer now sends them to B), a page gets the campaign's totals at once.
    const controller = new AbortController();
    const again = await fetch(`${b.url}/api/events/${eventId}/live`, { signal: controller.signal });
    const reader = again.body!.pipeThrough(new TextDecoderStream()).getReader();
    let first = '';
    while (!first.includes('event: totals')) first += (await reader.read()).value ?? '';
    controller.abort();
    expect(first).toContain(eventId);
  });
});
