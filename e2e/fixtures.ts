import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { BASE_URL_ENV } from './global-setup';

/** Every test talks to the server global-setup started. */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from this (here empty) destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const baseURL = process.env[BASE_URL_ENV];
    if (!baseURL) throw new Error(`${BASE_URL_ENV} is not set: run the tests through e2e/playwright.config.ts`);
    await use(baseURL);
  },
});
export { expect };

/** The demo accounts the seed creates (apps/api/src/db/seed.ts). */
export const demo = {
  ava: { email: 'ava@pledgeway.org', password: 'Ava-demo-2026', name: 'Ava Thompson' },
  ben: { email: 'ben@pledgeway.org', password: 'Ben-demo-2026', name: 'Ben Carter' },
  admin: { email: 'admin@pledgeway.org', password: 'Admin-demo-2026', name: 'Morgan Ellis' },
} as const;

/**
 * The live campaigns of the seed (apps/api/src/db/seed-data.ts), all hosted by Ava. Specs that need
 * "a live campaign" take one of these by name: specs running in parallel create, approve, close and
 * delete campaigns of their own, which may come first in the lists and vanish a moment later.
 */
export const demoLive = {
  event: 'Principal on the Roof',
  money_bomb: '72-Hour Pantry Restock',
  runoff: 'Firehouse Chili Showdown',
  crowdfunding: 'Ten Dogs, Ten Veterans',
} as const;

export interface LiveCampaign {
  _id: string;
  kind: string;
  name: string;
  status: string;
}

/** A live demo campaign of that kind, as the public list reports it. */
export async function demoCampaign(target: Page | APIRequestContext, kind: keyof typeof demoLive): Promise<LiveCampaign> {
  const request = 'request' in target ? target.request : target;
  const active = (await (await request.get('/api/events/allActive?limit=48')).json()) as LiveCampaign[];
  const campaign = active.find((item) => item.name === demoLive[kind] && item.status === 'approved');
  expect(campaign, `the demo campaign ${demoLive[kind]} is live`).toBeTruthy();
  return campaign!;
}

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** A user nobody else uses: unique e-mail, a password that passes the strength rules. */
export function newUser(): TestUser {
  const id = randomUUID().slice(0, 8);
  return { name: `Test User ${id}`, email: `e2e-${id}@example.com`, password: `Pledge-${id}-Ok!` };
}

/**
 * Registers through the API with the default avatar and, unless `confirmEmail: false`, confirms the
 * address as its owner does: through the link of the confirmation e-mail in the local mailbox.
 */
export async function registerUser(target: Page | APIRequestContext, user: TestUser = newUser(), options: { confirmEmail?: boolean } = {}): Promise<TestUser> {
  const request = 'request' in target ? target.request : target;
  const response = await request.post('/api/site/register', {
    multipart: { name: user.name, email: user.email, password: user.password, use_default_avatar: 'true' },
  });
  expect(response.status(), await response.text()).toBe(201);
  if (options.confirmEmail ?? true) {
    const confirmed = await request.post('/api/auth/confirm-email', { data: { token: await confirmationToken(request, user.email) } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
  return user;
}

/** The token of the newest confirmation link e-mailed to `email`. */
export async function confirmationToken(request: APIRequestContext, email: string): Promise<string> {
  const mail = (await readMailbox(request, email)).find((message) => message.kind === 'email-confirmation');
  expect(mail, `a confirmation e-mail to ${email}`).toBeTruthy();
  return new URL(/\S+\/confirm-email\?token=\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
}

/**
 * Signs in without the form, leaving the browser as the form does: POST /api/site/login from the
 * page's own context keeps the refresh cookie and the session hint in its browser, and the access
 * token goes to local storage from an empty document of the app's origin that the browser never
 * asks the server for (nor a favicon), so the next page loaded starts signed in. For tests whose
 * subject is not the log-in form.
 */
export async function signIn(page: Page, email: string, password: string): Promise<{ role: string; accessToken: string }> {
  const response = await page.request.post('/api/site/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const { user } = (await response.json()) as { user: { role_id: { name: string }; accessToken: string } };
  const blank = '/e2e-sign-in';
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }));
  await page.goto(blank);
  await page.evaluate((token) => localStorage.setItem('access-token', token), user.accessToken);
  await page.unroute(blank);
  return { role: user.role_id.name, accessToken: user.accessToken };
}

/** Signs in (see signIn) and opens the page the log-in form leads to: the console's overview for an admin, else the dashboard. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  const { role } = await signIn(page, email, password);
  await page.goto(role === 'admin' ? '/admin/dashboard' : '/user/dashboard');
}

/**
 * Logs in through the form and waits until the app has left /login. Fields are found by role, so
 * the required-field asterisk and the footer's newsletter field do not get in the way. For tests
 * of the form and of where it leads.
 */
export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Accepts every browser alert and records its text. Set it up before the action: an alert that
 * opens while a click is still being dispatched would otherwise block that click.
 */
export function acceptAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

export interface MailboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  kind: string;
  createdAt: string;
}

/**
 * The outbox answers a signed-in admin only. The admin signs in from a request context of its
 * own, so the refresh cookie never lands in a test's page, and its token is kept per worker.
 */
let mailboxReader: { context: APIRequestContext; token?: string } | undefined;

async function mailboxReaderToken(fresh: boolean): Promise<{ context: APIRequestContext; token: string }> {
  mailboxReader ??= { context: await playwrightRequest.newContext({ baseURL: process.env[BASE_URL_ENV] }) };
  if (fresh || !mailboxReader.token) {
    const login = await mailboxReader.context.post('/api/site/login', { data: { email: demo.admin.email, password: demo.admin.password } });
    expect(login.status(), await login.text()).toBe(200);
    mailboxReader.token = ((await login.json()) as { user: { accessToken: string } }).user.accessToken;
  }
  return { context: mailboxReader.context, token: mailboxReader.token };
}

/**
 * The e-mails the app sent to `to`, newest first (the embedded outbox at /api/dev/mailbox, read as
 * the demo admin). `request` is the caller's context, kept for the callers' sake: it is not used,
 * so reading the mailbox never signs a test's page in.
 */
export async function readMailbox(_request: APIRequestContext, to: string): Promise<MailboxEmail[]> {
  for (const fresh of [false, true]) {
    const { context, token } = await mailboxReaderToken(fresh);
    const response = await context.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${token}` } });
    // An expired token answers like a stranger (404): sign in again once.
    if (response.ok()) return ((await response.json()) as { data: MailboxEmail[] }).data;
    if (fresh) expect(response.status(), `GET /api/dev/mailbox as the demo admin`).toBe(200);
  }
  return [];
}

/** Fails on serious or critical axe findings; `include` limits the check to parts of the page. */
export async function expectNoAxeViolations(page: Page, options: { include?: string[]; exclude?: string[] } = {}): Promise<void> {
  // Legacy mode runs axe in the page itself. The default finishes every run in a new blank page,
  // which cost 0.5-1 s a check on a 2-core machine (1.6 against 1.0 s on /events), to reach
  // cross-origin frames, and these pages have none: their frames are the app's own.
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  // Colours are checked as they settle: a link's colour transition (the console's tabs) is
  // measured half-way otherwise. Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (a two-colour gradient) for upload tests, made here rather than kept as a binary file. */
export function createPng(width = 96, height = 96): { name: string; mimeType: string; buffer: Buffer } {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0); // no filter
    for (let x = 0; x < width; x++) rows.push(245, Math.round((183 * x) / width), Math.round((61 * y) / height));
  }
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { name: 'avatar.png', mimeType: 'image/png', buffer };
}

/**
 * Waits until a signed-in page loaded from its address has checked its session: the server sends
 * it with "Checking your session", then the app hydrates and renews the session with its cookie.
 * With CI's two workers on the embedded database that whole load once took over 5 s, so it is
 * given 15 s here, once; the expectations that follow keep their defaults.
 */
export async function waitForSessionChecked(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Checking your session' })).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Waits until the app has hydrated the server-rendered page: a click on a server-rendered button
 * before that is lost, except on the buttons that work before it (decision 120: Pledge, Donate,
 * Promote, Offer a match, and the campaign list's Sort by). The footer's newsletter field shows it by taking typing (it is disabled until
 * the app runs).
 */
export async function waitForHydration(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await expect(page.getByRole('form', { name: 'Newsletter signup' }).getByRole('textbox')).toBeEditable(options);
}

/**
 * How long a failed read takes to show as failed: the app retries a read that met a server or
 * network error twice, 1 s and then 2 s later (lib/query-client.ts), before it says so.
 */
export const AFTER_READ_RETRIES = { timeout: 15_000 };

/** December of next year, as the card form takes it: a card that has not expired. */
export const CARD_EXPIRY = `12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;

/**
 * Adds a card through "Add a new card" in `within` (a pledge or match dialog, or the wizard's
 * payment step) and waits until the card form has closed with the card saved.
 */
export async function addNewCard(page: Page, within: Locator | Page, card: { holder: string; number: string }): Promise<void> {
  await within.getByRole('button', { name: 'Add a new card' }).click();
  const cardDialog = page.getByRole('dialog', { name: 'Add New Card' });
  await cardDialog.getByLabel('Card holder name').fill(card.holder);
  await cardDialog.getByLabel('Card number').fill(card.number);
  await cardDialog.getByLabel('Expiry date').fill(CARD_EXPIRY);
  await cardDialog.getByLabel('CVV').fill('123');
  await cardDialog.getByRole('button', { name: 'Save card' }).click();
  await expect(cardDialog).toBeHidden();
}
