import { randomBytes } from 'node:crypto';
import fs, { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signUp } from '../test/client.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { buildApp } from '../app.ts';
import { createCampaign } from '../test/factories.ts';

/**
 * A reader who closes the tab while a page's files are still coming is normal, not an error
 * (issue 19, part 13): what the browser did when a live page was closed, over the built app's
 * files, which the compress plugin compresses as they stream.
 */
interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
}

const lines: LogLine[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) lines.push(JSON.parse(text) as LogLine);
    done();
  },
});

let server: TestServer;
const webDist = mkdtempSync(path.join(tmpdir(), 'pledgeway-web-'));
/** Large enough that the compressed file cannot sit whole in the socket buffers when the reader leaves. */
const ASSET_BYTES = 8 * 1024 * 1024;

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(webDist, 'assets', 'app.js'), `export const data = "${randomBytes(ASSET_BYTES * 0.75).toString('base64')}";\n`);
  server = await startTestServer({ webDistDir: webDist }, { serveWeb: true, logger: { level: 'debug', stream: logStream } });
});
afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
});
beforeEach(() => {
  lines.length = 0;
  filesClosed.length = 0;
});

/** Starts a download, takes its first bytes, then goes away as a closed tab does; resolves with the response's headers. */
function readFirstBytesThenLeave(urlPath: string, headers: Record<string, string>): Promise<http.IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${urlPath}`, { headers }, (response) => {
      response.once('data', () => {
        response.pause();
        request.destroy();
        resolve(response.headers);
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
  });
}

/**
 * The files whose read streams have closed. The server's work on a file's answer ends there: when
 * the reader leaves, Fastify (and the compressor, which pipes the file) destroy the file's stream
 * and log any fault first; the file is closed last.
 */
const filesClosed: string[] = [];
const createReadStream = fs.createReadStream;
beforeAll(() => {
  vi.spyOn(fs, 'createReadStream').mockImplementation(((...args: Parameters<typeof fs.createReadStream>) => {
    const stream = createReadStream(...args);
    stream.on('close', () => filesClosed.push(String(args[0])));
    return stream;
  }) as typeof fs.createReadStream);
});
afterAll(() => {
  vi.mocked(fs.createReadStream).mockRestore();
});

/** Waits until the server has closed the file it was sending: its work on the answer is over. */
async function fileClosed(name: string) {
  await expect.poll(() => filesClosed.some((file) => path.basename(file) === name), { timeout: 10_000, interval: 20 }).toBe(true);
}

/** Campaigns whose live stream has stopped listening for changes: its last page has left. */
const unsubscribed = new Set<string>();
beforeAll(() => {
  const live = server.app.ctx.live;
  const subscribe = live.subscribe.bind(live);
  live.subscribe = (eventId, listener) => {
    const stop = subscribe(eventId, listener);
    return () => {
      stop();
      unsubscribed.add(eventId);
    };
  };
});

const WARN = 40;

describe('a reader who goes away mid-response', () => {
  it('is not logged as an error when a compressed file is cut off', async () => {
    const headers = await readFirstBytesThenLeave('/assets/app.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(headers['content-encoding']).toBe('br');
    await fileClosed('app.js');
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);
  });

  it('is not logged as an error when an uncompressed file is cut off', async () => {
    const headers = await readFirstBytesThenLeave('/assets/app.js', {});
    expect(headers['content-encoding']).toBeUndefined();
    await fileClosed('app.js');
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);
  });

  it('is not logged as an error when a live page closes its stream of totals', async () => {
    const campaign = await createCampaign(server.app, (await signUp(server.url)).user._id, { status: 'approved' });
    const headers = await readFirstBytesThenLeave(`/api/events/${campaign.id}/live`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(headers['content-type']).toContain('text/event-stream');
    // The stream is the route's own (not Fastify's): its work ends when the page leaves the campaign's listeners.
    await expect.poll(() => unsubscribed.has(campaign.id), { timeout: 10_000, interval: 20 }).toBe(true);
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);
  });

  it('still logs a real fault as an error: a compressed answer whose source breaks mid-stream', async () => {
    const app = await buildApp(server.config, { logger: { level: 'debug', stream: logStream }, serveWeb: false });
    app.get('/broken-stream', async (_request, reply) => {
      const source = new Readable({ read() {} });
      source.push('x'.repeat(64 * 1024));
      setTimeout(() => source.destroy(new Error('the disk went away')), 50);
      return reply.type('text/plain').send(source);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${port}/broken-stream`, { headers: { 'accept-encoding': 'gzip' } });
      expect(answer.headers.get('content-encoding')).toBe('gzip');
      await answer.text().catch(() => undefined);
      const reqId = String(answer.headers.get('x-request-id'));
      await expect.poll(() => lines.filter((line) => line.reqId === reqId && line.level >= 50).map((line) => line.msg)).toContain('the disk went away');
    } finally {
      await app.close();
    }
  });
});
