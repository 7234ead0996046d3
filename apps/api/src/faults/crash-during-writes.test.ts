// @module-tag concurrency
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { createTestClock } from '../lib/clock.ts';
import { sweepOrphanUploads, UPLOAD_FOLDERS, UPLOAD_SWEEP_GRACE_MS } from '../lib/upload-sweep.ts';
import { LocalStorage } from '../providers/storage/local.ts';
import { pngImage, TestClient } from '../test/client.ts';
import { testDriver } from '../test/harness.ts';
import { createTestDatabase, startChildApp, verifiedCreator, type ChildApp } from './child-app.ts';
import { createPayload } from '../test/campaign-form.ts';

/**
 * The app SIGKILLed during a burst of campaign creations, each storing two images before its
 * transaction: afterwards every acknowledged campaign is there with its files, a retry of each
 * request (same Idempotency-Key) makes each campaign exactly once, and after the orphan-upload
 * sweep no stored file is left that no row refers to. Runs on the suite's database driver: PGlite
 * in its data folder, or a new PostgreSQL database.
 */
const BURST = 12;
const dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-crash-'));
const database = testDriver === 'postgres' ? await createTestDatabase() : undefined;
let app: ChildApp | undefined;
afterAll(async () => {
  await app?.kill();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const create = (client: TestClient, payload: object, key: string) =>
  client.request('POST', '/api/events/create', { json: payload, headers: { 'idempotency-key': key } }).then(
    (answer) => ({ status: answer.status, id: answer.status === 201 ? (answer.data.event.id as string) : undefined }),
    () => ({ status: 0, id: undefined }), // the connection died with the process
  );

describe(`the app killed (SIGKILL) during a burst of writes with files (${testDriver})`, () => {
  it('loses no acknowledged write and, after the sweep, keeps no orphan file', { timeout: 240_000 }, async () => {
    app = await startChildApp({ dataDir, databaseUrl: database?.url });
    const creator = await verifiedCreator(app.url);
    const charities = (await fetch(`${app.url}/api/charities`).then((response) => response.json())) as { charities: { _id: string }[] }[];
    const picture = (await pngImage(200, 120)).toString('base64');
    const payload = await createPayload(charities[0]!.charities[0]!._id, creator.email, {
      bannerImage: picture,
      hostData: {
        fullName: 'Casey Creator',
        email: creator.email,
        occupation: 'Organizer',
        companyName: 'Riverside',
        aboutYou: 'I run.',
        profileImage: picture,
      },
    });

    // The burst; the process dies once a few campaigns are acknowledged, the rest in flight.
    const keys = Array.from({ length: BURST }, (_, nth) => `crash-${nth}`);
    let acknowledgedSoFar = 0;
    let killing: Promise<void> | undefined;
    const answers = await Promise.all(
      keys.map((key) =>
        create(creator.client, payload, key).then((answer) => {
          if (answer.status === 201 && (acknowledgedSoFar += 1) === 3) killing = app!.kill();
          return answer;
        }),
      ),
    );
    await killing;
    const acknowledged = new Map(answers.flatMap((answer, index) => (answer.id ? [[keys[index]!, answer.id] as const] : [])));
    expect(acknowledged.size).toBeGreaterThanOrEqual(3);

    // Restarted on the same data: every acknowledged campaign is there, with its banner.
    app = await startChildApp({ dataDir, databaseUrl: database?.url });
    const client = new TestClient(app.url);
    client.accessToken = creator.client.accessToken;
    for (const id of acknowledged.values()) {
      const shown = await client.get(`/api/events/show/${id}`);
      expect(shown.status, app.output()).toBe(200);
      const banner = JSON.stringify(shown.data).match(/\/uploads\/banners\/[\w-]+\.jpg/)![0];
      expect((await fetch(`${app.url}${banner}`)).status).toBe(200);
    }
    // Each request sent again with its key: the acknowledged ones answer with themselves, and
    // every key ends as exactly one campaign.
    const retried = await Promise.all(keys.map((key) => create(client, payload, key)));
    expect(retried.map((answer) => answer.status)).toEqual(keys.map(() => 201));
    for (const [key, id] of acknowledged) expect(retried[keys.indexOf(key)]!.id).toBe(id);
    expect(new Set(retried.map((answer) => answer.id)).size).toBe(BURST);
    await app.stop();
    app = undefined;

    // The sweep, an hour and more later: what is left is exactly what the rows refer to.
    const opened = await openDatabase({ url: database?.url, pgliteDir: path.join(dataDir, 'pg') });
    try {
      const [count] = await opened.query<{ n: number }>('select count(*)::int as n from events where owner_id = (select id from users where email = $1)', [
        creator.email,
      ]);
      expect(count!.n).toBe(BURST);
      const storage = new LocalStorage(path.join(dataDir, 'uploads'));
      const clock = createTestClock(new Date(Date.now() + UPLOAD_SWEEP_GRACE_MS + 60_000));
      const log = { info: () => undefined } as never;
      await sweepOrphanUploads({ storage, database: opened, clock, log });
      const left = new Set<string>();
      for (const folder of UPLOAD_FOLDERS) for await (const file of storage.list(`${folder}/`)) left.add(file.key);
      const referenced = await opened.query<{ key: string }>(
        `select regexp_replace(banner_image, '^/uploads/', '') as key from events union select regexp_replace(host_image, '^/uploads/', '') from events`,
      );
      expect(left).toEqual(new Set(referenced.map((row) => row.key).filter(Boolean)));
      expect(left.size).toBe(2 * BURST);
    } finally {
      await opened.close();
    }
  });
});
