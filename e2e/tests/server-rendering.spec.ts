import type { Page } from '@playwright/test';
import { demo, demoCampaign, expect, login, test } from '../fixtures';

/** Console errors and uncaught errors of a page; React reports every hydration mismatch as one. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/**
 * Layout shifts since the page started, as the browser measures them (CLS without input): their
 * total score, and what moved in each. A buffered observer holds every earlier entry as soon as it
 * observes; takeRecords reads them at once, with no wait for its callback.
 */
async function layoutShift(page: Page): Promise<{ score: number; moved: string[]; context: string }> {
  return page.evaluate(() => {
    interface Shift extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = (observer.takeRecords() as Shift[]).filter((entry) => !entry.hadRecentInput);
    observer.disconnect();
    const describe = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}.${Array.from(node.classList).join('.')} "${(node.textContent ?? '').trim().slice(0, 40)}"`
        : String(node?.nodeName);
    const rect = (box: DOMRectReadOnly) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    // What was going on around a shift, for a failure that has not been reproduced on a quiet
    // machine (docs/performance.md, "CI"): the first paint, whether the server said its render
    // predates a change (the page then reads again), and when the brand fonts arrived.
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const paints = performance.getEntriesByType('paint').map((paint) => `${paint.name} ${Math.round(paint.startTime)} ms`);
    const fonts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => `${entry.name.split('/').pop()} arrived ${Math.round(entry.responseEnd)} ms`);
    const serverTiming = navigation?.serverTiming.map((entry) => entry.name).join(',') || 'none';
    const context = [...paints, `server timing: ${serverTiming}`, `fonts: ${fonts.join(', ') || 'none fetched'}`].join('; ');
    return {
      context,
      score: entries.reduce((total, entry) => total + entry.value, 0),
      moved: entries.flatMap((entry) =>
        entry.sources.map(
          (source) => `at ${Math.round(entry.startTime)} ms ${describe(source.node)}: ${rect(source.previousRect)} → ${rect(source.currentRect)}`,
        ),
      ),
    };
  });
}

test.describe('before any JavaScript runs', () => {
  test.use({ javaScriptEnabled: false });

  test('a public page already holds its heading and content', async ({ page }) => {
    const campaign = await demoCampaign(page, 'event');
    await page.goto(`/events/${campaign._id}`);
    await expect(page.getByRole('heading', { level: 1, name: campaign.name })).toBeVisible();
    // The side panel shows cents; the "More campaigns" cards below show whole dollars.
    await expect(page.getByText(/raised of \$[\d,]+\.\d\d goal/)).toBeVisible();
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    await expect(page.locator('article h3').first()).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In / Sign Up' })).toBeVisible();
  });
});

test('public pages hydrate without an error or a layout shift, and then respond', async ({ page }) => {
  test.slow(); // Nine public pages, each loaded until the network is idle.
  const errors = collectErrors(page);
  const campaign = await demoCampaign(page, 'event');
  // A runoff's page hydrates its rules, ranking and options from a chunk of their own.
  const runoff = await demoCampaign(page, 'runoff');
  for (const path of [
    '/',
    '/events',
    `/events/${campaign._id}`,
    `/events/${runoff._id}`,
    '/charities',
    '/login',
    '/register',
    '/our-story',
    '/events/money-bomb',
  ]) {
    await page.goto(path);
    await expect(page.locator('#pledgeway-state'), `${path} was rendered on the server`).toBeAttached();
    await page.waitForLoadState('networkidle');
    const shift = await layoutShift(page);
    expect(shift.score, `layout shift on ${path}: ${shift.moved.join('; ')} (${shift.context}; errors: ${errors.join('; ') || 'none'})`).toBe(0);
  }
  // Hydrated: the server's markup answers clicks.
  await page.goto('/');
  await page.getByRole('button', { name: /Show slide 2/ }).click();
  await expect(page.getByRole('button', { name: /Show slide 2/ })).toHaveAttribute('aria-current', 'true');
  // Other specs add campaigns of their own, so the list sorted in the hydrated page is compared
  // with the same list rendered by the server, not with a seeded name.
  const serverSorted = await page.context().newPage();
  await serverSorted.goto('/events?sort=ending_soon');
  const soonest = (await serverSorted.locator('article h3').first().textContent())!.trim();
  await serverSorted.close();
  await page.goto('/events');
  await page.getByLabel('Sort by').selectOption('ending_soon');
  // The sorted list is a new read: on a loaded CI machine it has taken more than 5 s.
  await expect(page.locator('article h3').first()).toHaveText(soonest, { timeout: 15_000 });
  expect(errors).toEqual([]);
});

test('a signed-in visitor gets Dashboard in the first HTML, and the page does not move when the session is confirmed', async ({ page }) => {
  const errors = collectErrors(page);
  await login(page, demo.ben.email, demo.ben.password);
  const html = await (await page.request.get('/charities')).text();
  expect(html).toMatch(/>Dashboard</);
  await page.goto('/charities');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const shift = await layoutShift(page);
  expect(shift.score, `${shift.moved.join('; ')} (${shift.context}; errors: ${errors.join('; ') || 'none'})`).toBe(0);
  // What a signed-in supporter may do is asked again in the browser: the pledge button opens the dialog.
  const campaign = await demoCampaign(page, 'event');
  await page.goto(`/events/${campaign._id}`);
  await page.getByRole('button', { name: 'Pledge Now' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(errors).toEqual([]);
});
