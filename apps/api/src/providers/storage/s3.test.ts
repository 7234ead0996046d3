import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pngImage, TestClient, uniqueEmail } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { S3Storage } from './s3.ts';

/** A local stand-in for an S3-compatible service (path-style): objects kept in a map. */
const objects = new Map<string, { body: Buffer; contentType: string; modifiedAt: Date }>();
const requests: string[] = [];
let standIn: Server;
let endpoint: string;
let server: TestServer;

/** ListObjectsV2, two keys a page so a listing must follow continuation tokens. */
function listPage(bucketPath: string, query: URLSearchParams): string {
  const bucket = bucketPath.replace(/\/$/, '');
  const prefix = `${bucket}/${query.get('prefix') ?? ''}`;
  const keys = [...objects.keys()].filter((key) => key.startsWith(prefix)).sort();
  const start = Number(query.get('continuation-token') ?? 0);
  const page = keys.slice(start, start + 2);
  const truncated = start + 2 < keys.length;
  const contents = page
    .map((key) => `<Contents><Key>${key.slice(bucket.length + 1)}</Key><LastModified>${objects.get(key)!.modifiedAt.toISOString()}</LastModified></Contents>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ''}</ListBucketResult>`;
}

beforeAll(async () => {
  standIn = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const path = decodeURIComponent(url.pathname);
      requests.push(`${request.method} ${path} ${request.headers.authorization?.startsWith('AWS4-HMAC-SHA256') ? 'signed' : 'unsigned'}`);
      if (request.method === 'PUT') {
        objects.set(path, { body: Buffer.concat(chunks), contentType: String(request.headers['content-type'] ?? ''), modifiedAt: new Date() });
        response.setHeader('etag', '"stand-in"');
        response.end();
      } else if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
        response.setHeader('content-type', 'application/xml');
        response.end(listPage(path, url.searchParams));
      } else if (request.method === 'GET' && objects.has(path)) {
        const object = objects.get(path)!;
        response.setHeader('content-type', object.contentType);
        response.setHeader('content-length', object.body.length);
        response.end(object.body);
      } else if (request.method === 'DELETE') {
        objects.delete(path);
        response.statusCode = 204;
        response.end();
      } else {
        response.statusCode = 404;
        response.setHeader('content-type', 'application/xml');
        response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
      }
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  // Stubbed (and unstubbed after the file), so no other test file in this worker sees these credentials.
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'stand-in-key');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'stand-in-secret');
  server = await startTestServer({ s3: { bucket: 'pledgeway-uploads', region: 'us-east-1', endpoint, forcePathStyle: true } });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
  await new Promise((resolve) => standIn.close(resolve));
});

describe('uploads in an S3-compatible bucket (local stand-in)', () => {
  it('stores an uploaded avatar in the bucket and serves it at the same /uploads/ URL', async () => {
    const client = new TestClient(server.url);
    const form = new FormData();
    form.set('name', 'Bucket User');
    form.set('email', uniqueEmail('s3'));
    form.set('password', 'Lantern-Bridge-7');
    form.set('user_image', new Blob([new Uint8Array(await pngImage(80, 80))], { type: 'image/png' }), 'me.png');
    const registered = await client.request('POST', '/api/site/register', { form });
    expect(registered.status, JSON.stringify(registered.data)).toBe(201);
    const url = registered.data.user.image as string;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]+\.jpg$/);

    const key = url.slice('/uploads/'.length);
    const stored = objects.get(`/pledgeway-uploads/${key}`);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(requests).toContain(`PUT /pledgeway-uploads/${key} signed`);

    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(stored!.body)).toBe(true);
  });

  it('answers 404 for a missing object and refuses keys that are not stored files', async () => {
    expect((await fetch(`${server.url}/uploads/avatars/00000000-0000-0000-0000-000000000000.jpg`)).status).toBe(404);
    const before = requests.length;
    for (const path of ['/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/avatars/a/b.jpg', '/uploads/avatars/.hidden']) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    }
    // None of those reached the bucket.
    expect(requests.length).toBe(before);
  });

  it('removes objects', async () => {
    const storage = new S3Storage({ bucket: 'pledgeway-uploads', region: 'us-east-1', endpoint, forcePathStyle: true });
    await storage.put('documents/11111111-2222-3333-4444-555555555555.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(await storage.read('documents/11111111-2222-3333-4444-555555555555.pdf')).toMatchObject({ contentType: 'application/pdf' });
    await storage.remove('documents/11111111-2222-3333-4444-555555555555.pdf');
    expect(await storage.read('documents/11111111-2222-3333-4444-555555555555.pdf')).toBeUndefined();
    storage.close();
  });

  it('lists a folder page by page, for the orphan-upload sweep', async () => {
    const storage = new S3Storage({ bucket: 'pledgeway-uploads', region: 'us-east-1', endpoint, forcePathStyle: true });
    const keys = ['c1', 'c2', 'c3'].map((name) => `logos/${name}-00000000-0000-4000-8000-000000000000.jpg`);
    for (const key of keys) await storage.put(key, Buffer.from('x'), 'image/jpeg');
    await storage.put('banners/other-00000000-0000-4000-8000-000000000000.jpg', Buffer.from('x'), 'image/jpeg');
    const listed = [];
    for await (const file of storage.list('logos/')) listed.push(file);
    expect(listed.map((file) => file.key).sort()).toEqual(keys);
    for (const file of listed) expect(Date.now() - file.modifiedAt.getTime()).toBeLessThan(60_000);
    storage.close();
  });
});
