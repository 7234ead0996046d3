import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, pledges } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signUp } from '../test/client.ts';
import { modulePreloader, type PageRendererModule } from './ssr.ts';

/*
 * The public pages rendered on the server by the web app's real renderer
 * (apps/web/src/entry-server.tsx), loaded from its sources through Vite, so no build is needed.
 */
const webRoot = path.resolve(import.meta.dirname, '../../../web');
const webDist = mkdtempSync(path.join(tmpdir(), 'pledgeway-ssr-'));
let vite: ViteDevServer;
let server: TestServer;
let failing: TestServer;

beforeAll(async () => {
  copyFileSync(path.join(webRoot, 'index.html'), path.join(webDist, 'index.html'));
  // The chunks of the signed-in area, as a build's manifest names them.
  mkdirSync(path.join(webDist, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    'src/app/layout/user-layout.tsx': { file: 'assets/user-layout-1.js', imports: ['_react.js'] },
    'src/features/campaigns/pages/edit-event.tsx': { file: 'assets/edit-event-1.js', imports: ['_form.js'] },
    '_form.js': { file: 'assets/form-1.js' },
  };
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  vite = await createServer({ root: webRoot, logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false, watch: null } });
  const loadRenderer = async () => (await vite.ssrLoadModule('/src/entry-server.tsx')) as PageRendererModule;
  server = await startTestServer({ webDistDir: webDist }, { serveWeb: true, loadPageRenderer: loadRenderer });
  const throwing: PageRendererModule = {
    createPageRenderer: () => async () => {
      throw new Error('rendering failed on purpose');
    },
  };
  failing = await startTestServer({ webDistDir: webDist }, { serveWeb: true, loadPageRenderer: async () => throwing });
});
afterAll(async () => {
  await server?.close();
  await failing?.close();
  await vite?.close();
});

async function publishedCampaign(name: string, raisedCents: number) {
  const { user } = await signUp(server.url);
  const [event] = await server.app.ctx.db
    .insert(events)
    .values({ ownerId: user._id, name, description: 'Volunteers clear the shoreline.', targetCents: 500_000, status: 'approved' })
    .returning();
  const { user: supporter } = await signUp(server.url);
  await server.app.ctx.db
    .insert(pledges)
    .values({ eventId: event!.id, userId: supporter._id, amountCents: raisedCents, idempotencyKey: `pledge-${event!.id}` });
  server.app.ctx.publicReads.clear();
  return event!;
}

/** The page's dehydrated state, read the way the browser reads it. */
function stateOf(html: string) {
  const match = /<script type="application\/json" id="pledgeway-state">([^<]*)<\/script>/.exec(html);
  expect(match, 'the page carries its state').not.toBeNull();
  return JSON.parse(match![1]!) as {
    snapshot: { sessionHint: boolean };
    queries: { queries: { queryKey: unknown[]; state: { data: Record<string, unknown> } }[] };
  };
}

describe('server-rendered public pages', () => {
  it('renders an event page with its name, raised amount and the dehydrated campaign', async () => {
    const event = await publishedCampaign('Harbor Cleanup Day', 123_456);
    const html = await (await fetch(`${server.url}/events/${event.id}`)).text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
    expect(root).toMatch(/<h1[^>]*>Harbor Cleanup Day<\/h1>/);
    expect(root).toContain('$1,234.56');
    const detail = stateOf(html).queries.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(['events', 'detail', event.id]));
    expect(detail?.state.data).toMatchObject({ _id: event.id, name: 'Harbor Cleanup Day', payment_amount: 1234.56 });
    expect(stateOf(html).snapshot.sessionHint).toBe(false);
  });

  it('escapes a name with </script> and $& in the HTML and in the embedded JSON', async () => {
    const name = "Gala </script><script>alert(1)</script> $& $' <!-- & more";
    const event = await publishedCampaign(name, 10_000);
    const html = await (await fetch(`${server.url}/events/${event.id}`)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Gala &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $&#x27; &lt;!-- &amp; more');
    const stateText = /id="pledgeway-state">([^<]*)<\/script>/.exec(html)![1]!;
    expect(stateText).toContain('Gala \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e $\\u0026');
    expect(JSON.stringify(stateOf(html))).toContain(JSON.stringify(name).slice(1, -1));
    // The template's own scripts plus the state: nothing a campaign wrote became an element.
    const template = await (await fetch(`${failing.url}/events/${event.id}`)).text();
    expect(html.match(/<script/g)).toHaveLength((template.match(/<script/g)?.length ?? 0) + 1);
  });

  it('renders the visitor header without the session cookie and the signed-in one with it', async () => {
    const visitor = await (await fetch(`${server.url}/charities`)).text();
    expect(visitor).toMatch(/>Log In \/ Sign Up</);
    const signedIn = await (await fetch(`${server.url}/charities`, { headers: { cookie: 'has_session=1' } })).text();
    expect(signedIn).toMatch(/>Dashboard</);
    expect(stateOf(signedIn).snapshot.sessionHint).toBe(true);
  });

  it('sends the same bytes and ETag while nothing changed, and the new name within a second of a write (decision 105)', async () => {
    const event = await publishedCampaign('Lighthouse Keepers', 5_000);
    const first = await fetch(`${server.url}/events/${event.id}`);
    const etag = first.headers.get('etag')!;
    const unchanged = await fetch(`${server.url}/events/${event.id}`, { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('server-timing')).toBeNull();
    await server.app.ctx.db.update(events).set({ name: 'Lighthouse Keepers Renamed' }).where(eq(events.id, event.id));
    server.app.ctx.publicReads.clear();
    // The page rendered before the write may still be sent while it is rendered again, never for
    // longer than a second after its render began, and says so: its browser asks for the data again.
    const written = Date.now();
    let changed = await fetch(`${server.url}/events/${event.id}`, { headers: { 'if-none-match': etag } });
    if (changed.status === 304) expect(changed.headers.get('server-timing')).toBe('stale;desc="rendered before the latest change"');
    while (changed.status === 304 && Date.now() - written < 1500) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      changed = await fetch(`${server.url}/events/${event.id}`, { headers: { 'if-none-match': etag } });
    }
    expect(changed.status).toBe(200);
    expect(changed.headers.get('server-timing')).toBeNull();
    expect(await changed.text()).toMatch(/<h1[^>]*>Lighthouse Keepers Renamed<\/h1>/);
  });

  it('leaves the user area to the browser', async () => {
    const html = await (await fetch(`${server.url}/user/dashboard`)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('pledgeway-state');
  });

  it("names a signed-in page's chunks and its layout's in the page sent, so they load while the session is checked", async () => {
    const html = await (await fetch(`${server.url}/user/event/edit/0b6f5a52-2f2e-4a43-9d4e-2f8a37e0a001`)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((match) => match[1]);
    expect(preloaded.sort()).toEqual(['assets/edit-event-1.js', 'assets/form-1.js', 'assets/user-layout-1.js']);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(await (await fetch(`${server.url}/user/no-such-page`)).text()).not.toContain('modulepreload');
  });

  it('sends the shell the browser renders when rendering fails, never an error page, and logs why', async () => {
    const logged = vi.spyOn(failing.app.log, 'error');
    const response = await fetch(`${failing.url}/events`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('pledgeway-state');
    expect(html).toContain('<meta property="og:title" content="Campaigns — Pledgeway">');
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ url: '/events' }), expect.stringContaining('Server rendering failed'));
  });
});

describe('module preloads', () => {
  it("names a page's chunks and their imports, not the entry's", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'pledgeway-manifest-'));
    mkdirSync(path.join(dist, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-1.js' },
      '_card.js': { file: 'assets/card-1.js', imports: ['_react.js'] },
      'src/pages/event.tsx': { file: 'assets/event-1.js', imports: ['_card.js', '_react.js'] },
    };
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const preloads = await modulePreloader(dist);
    const links = preloads(['src/pages/event.tsx']);
    expect(links).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/event-1.js">');
    expect(links).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/card-1.js">');
    expect(links).not.toContain('react-1.js');
    expect(preloads([])).toBe('');
    expect((await modulePreloader(webDist))(['src/pages/event.tsx'])).toBe('');
  });
});
