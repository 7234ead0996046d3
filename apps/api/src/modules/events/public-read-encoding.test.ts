import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema.ts';
import { acceptedEncoding } from '../../lib/send-json.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createTwoParticipantCampaign } from '../../test/campaign-form.ts';
import { firstCharityId, verifiedCreator } from '../../test/factories.ts';

let server: TestServer;
let owner: Awaited<ReturnType<typeof verifiedCreator>>;
let charityId: string;

beforeAll(async () => {
  server = await startTestServer();
  charityId = await firstCharityId(server);
  owner = await verifiedCreator(server, 'Eli Etag');
});
afterAll(() => server.close());

async function publishedCampaign() {
  const event = await createTwoParticipantCampaign(owner, charityId);
  await server.app.ctx.db.update(events).set({ status: 'approved' }).where(eq(events.id, event.id));
  server.app.ctx.publicReads.clear();
  return event;
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that sees the bytes on the wire (fetch would decompress them and send its own Accept-Encoding). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('public reads on the wire', () => {
  it('sends the same JSON as brotli or gzip, as the client accepts, with one ETag for all forms', async () => {
    const event = await publishedCampaign();
    const path = `/api/events/show/${event.id}`;
    const plain = await rawGet(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.name).toBe('River Run for the Food Bank');

    const brotli = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString('utf8'))).toEqual(json);

    const gzip = await rawGet(path, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(json);
    expect(gzip.body.length).toBeLessThan(plain.body.length);

    expect(plain.headers.etag).toMatch(/^W\/".+"$/);
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    // Security headers stay on the cached answers.
    expect(gzip.headers['x-content-type-options']).toBe('nosniff');
    expect(gzip.headers['permissions-policy']).toContain('camera=()');
  });

  it('answers 304 while the client’s copy is current, and 200 with a new ETag after an edit', async () => {
    const event = await publishedCampaign();
    const path = `/api/events/show/${event.id}`;
    const first = await rawGet(path);
    const etag = String(first.headers.etag);
    const unchanged = await rawGet(path, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect((await rawGet(path, { 'if-none-match': 'W/"something-else"' })).status).toBe(200);

    const body = new FormData();
    body.set('name', 'Renamed for the ETag');
    expect((await owner.client.request('PUT', `/api/events/${event.id}`, { form: body })).status).toBe(200);
    const changed = await rawGet(path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body.toString('utf8')).name).toBe('Renamed for the ETag');
  });

  it('revalidates the campaign list the same way', async () => {
    await publishedCampaign();
    const first = await rawGet('/api/events/allActive', { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const again = await rawGet('/api/events/allActive', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('does not serve an unpublished campaign from its ETag', async () => {
    const event = await createTwoParticipantCampaign(owner, charityId);
    const mine = await owner.client.get(`/api/events/show/${event.id}`);
    expect(mine.status).toBe(200);
    expect((await rawGet(`/api/events/show/${event.id}`, { 'if-none-match': '*' })).status).toBe(404);
  });
});

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and the wildcard', () => {
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('deflate')).toBeUndefined();
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip;q=0.5, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('*;q=0')).toBeUndefined();
    expect(acceptedEncoding('GZIP')).toBe('gzip');
  });
});
