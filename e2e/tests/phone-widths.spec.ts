import type { Browser, Page } from '@playwright/test';
import { demo, expect, signIn, test, waitForSessionChecked } from '../fixtures';
import { makeLongestInputs } from './longest-inputs';

/*
 * Pages on a 390 px phone with the longest inputs the forms accept, each one unbroken word
 * (longest-inputs.ts): no page may be wider than the screen, so the header's menu stays on it,
 * and a table shows each row as a card whose every field is on the screen (the open ledger's
 * amounts, the console's action buttons), not in a box that scrolls sideways.
 */

const PHONE = { width: 390, height: 844 };

interface Overflow {
  scrollWidth: number;
  /** Table cells (and what is in them) reaching past the screen's edges. */
  cellsOffScreen: string[];
}

/** How wide the page is, and which table cells do not fit on the screen. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const cellsOffScreen = Array.from(document.querySelectorAll('td, th'))
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .map((cell) => (cell.textContent ?? '').slice(0, 40));
    return { scrollWidth: document.documentElement.scrollWidth, cellsOffScreen };
  });
}

async function phonePage(browser: Browser, baseURL: string | undefined, person?: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (person) await signIn(page, person.email, person.password);
  return page;
}

/** Scrolls to each section that loads when near the screen (near-viewport) until none is still loading. */
async function loadEverySection(page: Page): Promise<void> {
  const loading = page.getByRole('status').filter({ hasText: /^Loading/ });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(async () => {
    const left = await loading.count();
    if (left > 0) await loading.first().scrollIntoViewIfNeeded({ timeout: 1_000 });
    expect(left, 'sections still loading').toBe(0);
  }).toPass({ timeout: 15_000 });
}

/** Measures the page once its heading shows and its sections that load when scrolled to have loaded. */
async function expectPageFits(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await loadEverySection(page);
  await page.evaluate(() => document.fonts.ready);
  const overflow = await measure(page);
  expect.soft(overflow.scrollWidth, `${name} is ${overflow.scrollWidth} px wide on a ${PHONE.width} px phone`).toBeLessThanOrEqual(PHONE.width);
  expect.soft(overflow.cellsOffScreen, `${name}: table cells off the screen`).toEqual([]);
}

/** Opens each path from its address and measures it. */
async function expectFits(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    if (/^\/(user|admin)\//.test(path)) {
      // The signed-in pages are rendered by the app, which checks the session first.
      await page.goto(path);
      await waitForSessionChecked(page);
    } else {
      // The public pages come rendered from the server: their heading is there before the images.
      await page.goto(path, { waitUntil: 'domcontentloaded' });
    }
    await expectPageFits(page, path);
  }
}

type Made = Awaited<ReturnType<typeof makeLongestInputs>>;
let made: Made;

// Made once per worker and only read by the tests below, each a group of pages.
// (No test.slow() here: it would spend the first test's one call of it on this hook.)
test.beforeAll(async ({ request }) => {
  made = await makeLongestInputs(request);
});

test('with the longest inputs every public page fits a 390 px phone', async ({ browser, baseURL }) => {
  test.slow(); // A dozen pages, some of them long lists.
  const visitor = await phonePage(browser, baseURL);
  const campaign = `/events/${made.eventId}`;
  await expectFits(visitor, [
    '/',
    '/events',
    `/events?category=${made.tag}1`,
    campaign,
    `${campaign}/money`,
    `/hosts/${made.host.id}`,
    `/stacks/${made.stackId}`,
    `/fundraisers/${made.slug}`,
    '/charities',
  ]);
  // The embed and the overlay have no heading: they are a card and a strip for other sites.
  for (const path of [`/embed/events/${made.eventId}`, `/overlay/events/${made.eventId}`]) {
    await visitor.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(visitor.getByText(made.tag).first()).toBeVisible();
    expect.soft((await measure(visitor)).scrollWidth, `${path} fits`).toBeLessThanOrEqual(PHONE.width);
  }
  await visitor.context().close();
});

test("with the longest inputs the host's pages fit a 390 px phone", async ({ browser, baseURL }) => {
  test.slow(); // Seven signed-in pages, each checking its session first.
  const host = await phonePage(browser, baseURL, made.host);
  await expectFits(host, [
    '/user/dashboard',
    '/user/my-profile',
    '/user/events',
    `/user/event/${made.eventId}`,
    `/user/event/edit/${made.eventId}`,
    '/user/stacks',
    `/events/${made.eventId}`,
  ]);
  await host.context().close();
});

test("with the longest inputs the supporter's pages fit a 390 px phone", async ({ browser, baseURL }) => {
  const supporter = await phonePage(browser, baseURL, made.supporter);
  await expectFits(supporter, ['/user/pledges', '/user/fundraising-pages', `/user/fundraising-pages/edit/${made.pageId}`, '/user/payment-methods']);
  await supporter.context().close();
});

test('with the longest inputs the admin console fits a 390 px phone, its tables as cards', async ({ browser, baseURL }) => {
  test.slow(); // Ten console pages.
  const admin = await phonePage(browser, baseURL, demo.admin);
  await expectFits(admin, ['/admin/dashboard']);
  // The other pages through the console's tabs, as an admin moves between them.
  for (const label of ['Reviews', 'Campaigns', 'Charging', 'Payouts', 'Disputes', 'Charities', 'People', 'Messages', 'Audit log']) {
    const tab = admin.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: label, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-current', 'page');
    await expectPageFits(admin, `The console's ${label}`);
  }
  await admin.context().close();
});
