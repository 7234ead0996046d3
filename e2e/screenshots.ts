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

async function take(browser: Browser, shot: Shot, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  try {
    if (shot.as) await signIn(page, shot.as);
    await page.goto(`${baseURL}${shot.path}`, { waitUntil: 'networkidle' });
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
