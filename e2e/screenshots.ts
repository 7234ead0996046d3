/**
 * Full-page screenshots of the frame's pages at a phone and a desktop width, for looking at.
 * Starts nothing: point it at a running server.
 *
 *   node --import tsx e2e/screenshots.ts [base URL] [output folder]
 *   (defaults: http://localhost:3100 and /tmp/shots)
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';

const baseURL = (process.argv[2] ?? process.env.BASE_URL ?? 'http://localhost:3100').replace(/\/$/, '');
const outDir = process.argv[3] ?? '/tmp/shots';
const widths = [390, 1440];

interface Shot {
  name: string;
  /** `{event}` stands for a campaign of the signed-in user (or any live one when signed out). */
  path: string;
  /** Sign in as this demo user first. */
  as?: { email: string; password: string };
  /** Something to do before the picture, e.g. open a menu. */
  before?: (page: Page) => Promise<void>;
  /** Only at these widths (default: all). */
  widths?: number[];
}

const ava = { email: 'ava@pledgeway.org', password: 'Ava-demo-2026' };
const admin = { email: 'admin@pledgeway.org', password: 'Admin-demo-2026' };

const shots: Shot[] = [
  { name: 'home', path: '/' },
  { name: 'campaigns', path: '/events' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: '404', path: '/no-such-page' },
  { name: 'dashboard', path: '/user/dashboard', as: ava },
  { name: 'admin-dashboard', path: '/admin/dashboard', as: admin },
  { name: 'menu-open', path: '/', widths: [390], before: (page) => page.getByRole('button', { name: 'Open menu' }).click() },
  { name: 'search-open', path: '/', before: (page) => page.getByRole('button', { name: 'Search', exact: true }).click() },
  { name: 'dropdown-open', path: '/', widths: [1440], before: (page) => page.getByRole('button', { name: 'Our Platform' }).click() },
  { name: 'sidebar-open', path: '/user/dashboard', as: ava, widths: [390], before: (page) => page.getByRole('button', { name: 'MENU', exact: true }).click() },
  { name: 'profile-menu', path: '/user/dashboard', as: ava, widths: [1440], before: (page) => page.getByRole('button', { name: 'Open profile menu' }).click() },
  { name: 'charities', path: '/charities' },
  { name: 'contact', path: '/contact' },
  { name: 'event-page', path: '/events/{event}' },
  { name: 'profile', path: '/user/my-profile', as: ava },
  { name: 'pledges', path: '/user/pledges', as: { email: 'ben@pledgeway.org', password: 'Ben-demo-2026' } },
  { name: 'my-events', path: '/user/events', as: ava },
  { name: 'payment-methods', path: '/user/payment-methods', as: ava },
  { name: 'event-summary', path: '/user/event/{event}', as: ava },
  { name: 'event-edit', path: '/user/event/edit/{event}', as: ava },
  { name: 'event-create', path: '/user/event/create', as: ava },
  { name: 'practice', path: '/user/events/practice-campaign', as: ava },
  {
    name: 'close-account-dialog',
    path: '/user/dashboard',
    as: ava,
    widths: [1440],
    before: (page) => page.getByRole('button', { name: 'CLOSE ACCOUNT' }).click(),
  },
];

async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A campaign of the signed-in user, or the first live one. */
async function campaignId(page: Page, signedIn: boolean): Promise<string> {
  if (!signedIn) {
    const live = (await (await page.request.get(`${baseURL}/api/events/allActive`)).json()) as { _id: string }[];
    return live[0]!._id;
  }
  return page.evaluate(async () => {
    const headers = { authorization: `Bearer ${localStorage.getItem('access-token')}` };
    const { user } = (await (await fetch('/api/site/auth-check', { headers })).json()) as { user: { _id: string } };
    const mine = (await (await fetch(`/api/events?userId=${user._id}`, { headers })).json()) as { data?: { _id: string }[] } | { _id: string }[];
    const list = Array.isArray(mine) ? mine : (mine.data ?? []);
    return list[0]!._id;
  });
}

async function take(browser: Browser, shot: Shot, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  try {
    if (shot.as) await signIn(page, shot.as);
    const target = shot.path.includes('{event}') ? shot.path.replace('{event}', await campaignId(page, Boolean(shot.as))) : shot.path;
    await page.goto(`${baseURL}${target}`, { waitUntil: 'networkidle' });
    await shot.before?.(page);
    // Let entrance animations and lazy images settle.
    await page.waitForTimeout(400);
    const file = path.join(outDir, `${shot.name}-${width}.png`);
    // Open menus and dialogs are fixed to the viewport: picture just the viewport then.
    await page.screenshot({ path: file, fullPage: !shot.before });
    console.log(file);
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
mkdirSync(outDir, { recursive: true });
const only = process.env.SHOTS?.split(',');
try {
  for (const shot of shots.filter((candidate) => !only || only.includes(candidate.name))) {
    for (const width of shot.widths ?? widths) await take(browser, shot, width);
  }
} finally {
  await browser.close();
}
