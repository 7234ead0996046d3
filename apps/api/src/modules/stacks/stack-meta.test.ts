import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema.ts';
import { signUp } from '../../test/client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createCampaign } from '../../test/factories.ts';

let server: TestServer;
const webDist = mkdtempSync(path.join(tmpdir(), 'pledgeway-web-'));

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>');
  server = await startTestServer({ webDistDir: webDist }, { serveWeb: true });
});
afterAll(async () => server.close());

describe('link previews of /stacks/{id}', () => {
  it("fills in the stack's title, description and first banner, escaped, and falls back to the defaults once it has no page", async () => {
    const host = await signUp(server.url, { name: 'Hana Host' });
    const first = await createCampaign(server.app, host.user._id, { status: 'approved', bannerImage: '/uploads/banners/first.jpg' });
    const second = await createCampaign(server.app, host.user._id, { status: 'completed' });
    const created = await host.client.post('/api/stacks', { title: 'Spring <Giving>', description: 'Two walks, one total.', event_ids: [first.id, second.id] });
    expect(created.status).toBe(201);
    const pagePath = `/stacks/${created.data.data._id}`;

    const html = await (await fetch(`${server.url}${pagePath}`)).text();
    expect(html).toContain('<meta property="og:title" content="Spring &lt;Giving&gt; — Pledgeway">');
    expect(html).toContain('<meta property="og:description" content="Two walks, one total.">');
    expect(html).toContain(`<meta property="og:image" content="${server.config.publicUrl}/uploads/banners/first.jpg">`);
    expect(html).toContain(`<link rel="canonical" href="${server.config.publicUrl}${pagePath}">`);

    await server.app.ctx.db.update(events).set({ status: 'cancelled' }).where(eq(events.ownerId, host.user._id));
    const gone = await (await fetch(`${server.url}${pagePath}`)).text();
    expect(gone).not.toContain('Spring');
    expect(gone).toContain('<meta property="og:site_name" content="Pledgeway">');
  });
});
