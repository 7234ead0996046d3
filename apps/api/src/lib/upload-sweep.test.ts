import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../test/client.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { createTestClock, type TestClock } from './clock.ts';
import { UPLOAD_FOLDERS, UPLOAD_SWEEP_GRACE_MS, UPLOAD_SWEEP_QUEUE } from './upload-sweep.ts';
import { createPayload } from '../test/campaign-form.ts';
import { firstCharityId, verifiedCreator } from '../test/factories.ts';

let server: TestServer;
let clock: TestClock;
beforeAll(async () => {
  server = await startTestServer();
  clock = createTestClock();
  server.app.ctx.clock = clock;
});
afterAll(() => server.close());

const status = async (key: string) => (await fetch(`${server.url}/uploads/${key}`)).status;

async function storedKeys(): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const folder of UPLOAD_FOLDERS) for await (const file of server.app.ctx.storage.list(`${folder}/`)) keys.add(file.key);
  return keys;
}

describe('the orphan-upload sweep', () => {
  it('removes, after the grace period, every stored file no row refers to and keeps every referenced one', async () => {
    const { storage, database } = server.app.ctx;
    const creator = await verifiedCreator(server);
    const picture = (await pngImage(40, 40)).toString('base64');
    const created = await creator.client.post(
      '/api/events/create',
      await createPayload(await firstCharityId(server), creator.email, {
        hostData: {
          fullName: 'Casey Creator',
          email: creator.email,
          occupation: 'Organizer',
          companyName: 'Riverside',
          aboutYou: 'I run.',
          profileImage: picture,
        },
      }),
    );
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const eventId = created.data.event.id as string;
    const filesOfTheCampaign = [...(await storedKeys())];
    expect(filesOfTheCampaign.some((key) => key.startsWith('banners/'))).toBe(true);
    expect(filesOfTheCampaign.some((key) => key.startsWith('avatars/'))).toBe(true);

    // A file for every column that refers to uploads, recorded as the routes record them ...
    const put = async (key: string) => (await storage.put(key, Buffer.from('file'), 'application/octet-stream')).key;
    const kept = [
      ...filesOfTheCampaign,
      await put('avatars/a1111111-1111-4111-8111-111111111111.jpg'),
      await put('logos/a2222222-2222-4222-8222-222222222222.jpg'),
      await put('participants/a3333333-3333-4333-8333-333333333333.jpg'),
      await put('documents/a4444444-4444-4444-8444-444444444444.pdf'),
      await put('updates/a5555555-5555-4555-8555-555555555555.jpg'),
      await put('update-files/a6666666-6666-4666-8666-666666666666.pdf'),
    ];
    await database.query(`update users set image = $1 where id = $2`, [`/uploads/${kept.at(-6)}`, creator.user._id]);
    await database.query(`update charities set logo = $1 where id = (select id from charities order by name limit 1)`, [`/uploads/${kept.at(-5)}`]);
    await database.query(`update participants set profile_image = $1 where event_id = $2`, [`/uploads/${kept.at(-4)}`, eventId]);
    await database.query(
      `insert into event_documents (event_id, file_name, original_name, size_bytes, content_type) values ($1, $2, 'plan.pdf', 4, 'application/pdf')`,
      [eventId, kept.at(-3)],
    );
    await database.query(
      `insert into campaign_updates (event_id, message, attachment_kind, attachment_url) values ($1, 'News', 'image', $2), ($1, 'Plan', 'document', $3)`,
      [eventId, `/uploads/${kept.at(-2)}`, `/uploads/${kept.at(-1)}`],
    );
    const pagePicture = await put('banners/a7777777-7777-4777-8777-777777777777.jpg');
    kept.push(pagePicture);
    await database.query(
      `insert into fundraising_pages (event_id, owner_id, slug, title, story, image, target_cents) values ($1, $2, 'sweep-page', 'Page', 'Story', $3, 10000)`,
      [eventId, creator.user._id, `/uploads/${pagePicture}`],
    );
    // ... and, in every folder, one a crash left behind: stored, its transaction never committed.
    // eslint-disable-next-line structure/concurrency-tag -- set-up: files written side by side, nothing races
    const orphans = await Promise.all(
      UPLOAD_FOLDERS.map((folder) => put(`${folder}/b0000000-0000-4000-8000-00000000000${UPLOAD_FOLDERS.indexOf(folder)}.jpg`)),
    );

    // Within the grace period nothing goes: the file may belong to a request still running.
    await server.app.ctx.jobs.runScheduled(UPLOAD_SWEEP_QUEUE);
    expect(await storedKeys()).toEqual(new Set([...kept, ...orphans]));

    clock.advance(UPLOAD_SWEEP_GRACE_MS + 60_000);
    await server.app.ctx.jobs.runScheduled(UPLOAD_SWEEP_QUEUE);
    expect(await storedKeys()).toEqual(new Set(kept));
    for (const key of kept) expect(await status(key), key).toBe(200);
    for (const key of orphans) expect(await status(key), key).toBe(404);

    // The campaign's page (its creator sees it while it awaits review) still shows its pictures.
    const page = await creator.client.get(`/api/events/show/${eventId}`);
    expect(JSON.stringify(page.data)).toContain(filesOfTheCampaign.find((key) => key.startsWith('banners/')));
  });
});
