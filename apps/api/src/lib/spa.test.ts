import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signUp } from '../test/client.ts';

let server: TestServer;
// The template's inline script, as index.html's holds a press before the app has hydrated (decision 120).
const EARLY_SCRIPT = '\n  window.held = [];\n';
const webDist = mkdtempSync(path.join(tmpdir(), 'pledgeway-web-'));

beforeAll(async () => {
  writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><script>${EARLY_SCRIPT}</script><!--app-head--></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(webDist, 'robots-extra.txt'), 'static file');
  server = await startTestServer({ webDistDir: webDist }, { serveWeb: true });
});
afterAll(async () => {
  await server.close();
});

async function insertEvent(status: 'approved' | 'pending', name = `Harbor <Cleanup> ${status}`) {
  const { user } = await signUp(server.url);
  const [row] = await server.app.ctx.db
    .insert(events)
    .values({ ownerId: user._id, name, description: 'Volunteers clear the shoreline.', targetCents: 150_000, status })
    .returning();
  return row!;
}

describe('single-page app fallback', () => {
  it('serves index.html with default link-preview tags for any page path', async () => {
    const response = await fetch(`${server.url}/user/dashboard`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<meta property="og:site_name" content="Pledgeway">');
    expect(html).not.toContain('<!--app-head-->');
  });

  it('fills in a published campaign’s title, escaped, and keeps unpublished ones private', async () => {
    const published = await insertEvent('approved');
    const html = await (await fetch(`${server.url}/events/${published.id}`)).text();
    expect(html).toContain('<meta property="og:title" content="Harbor &lt;Cleanup&gt; approved — Pledgeway">');
    const pending = await insertEvent('pending');
    const privateHtml = await (await fetch(`${server.url}/events/${pending.id}`)).text();
    expect(privateHtml).not.toContain('Harbor');
  });

  it('keeps `$` patterns of a campaign name as literal, escaped text in the title and link-preview tags', async () => {
    const published = await insertEvent('approved', "Cash $& $' $` $$ <b>");
    const html = await (await fetch(`${server.url}/events/${published.id}`)).text();
    const literal = 'Cash $&amp; $&#39; $` $$ &lt;b&gt; — Pledgeway';
    expect(html).toContain(`<title>${literal}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${literal}">`);
    expect(html).not.toContain('<!--app-head-->');
    expect(html.match(/<html>/g)).toHaveLength(1);
  });

  it('sends a page again as 304 while its campaign is unchanged, and the new title after a change', async () => {
    const published = await insertEvent('approved', 'Lighthouse Keepers');
    const first = await fetch(`${server.url}/events/${published.id}`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await fetch(`${server.url}/events/${published.id}`, { headers: { 'if-none-match': etag! } })).status).toBe(304);

    await server.app.ctx.db.update(events).set({ name: 'Lighthouse Keepers Renamed' }).where(eq(events.id, published.id));
    server.app.ctx.publicReads.clear();
    const changed = await fetch(`${server.url}/events/${published.id}`, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('<title>Lighthouse Keepers Renamed — Pledgeway</title>');
  });

  it('serves built files and answers JSON 404 for unknown API paths and missing files', async () => {
    expect(await (await fetch(`${server.url}/robots-extra.txt`)).text()).toBe('static file');
    const api = await fetch(`${server.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await fetch(`${server.url}/assets/missing-chunk.js`)).status).toBe(404);
  });

  it('lets the template’s inline script run by its hash, and no other inline script', async () => {
    const response = await fetch(`${server.url}/events`);
    expect(await response.text()).toContain(`<script>${EARLY_SCRIPT}</script>`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(EARLY_SCRIPT).digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
    // The API's answers carry the same policy.
    expect((await fetch(`${server.url}/api/health`)).headers.get('content-security-policy')).toBe(policy);
  });
});
