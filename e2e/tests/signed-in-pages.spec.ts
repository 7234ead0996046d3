import { demo, expect, expectNoAxeViolations, login, test } from '../fixtures';

/** Ava's first campaign, read through the API with the session the page holds. */
async function firstCampaignOf(page: import('@playwright/test').Page): Promise<string> {
  return page.evaluate(async () => {
    const headers = { authorization: `Bearer ${localStorage.getItem('access-token')}` };
    const { user } = (await (await fetch('/api/site/auth-check', { headers })).json()) as { user: { _id: string } };
    const mine = (await (await fetch(`/api/events?userId=${user._id}`, { headers })).json()) as { _id: string }[] | { data: { _id: string }[] };
    return (Array.isArray(mine) ? mine : mine.data)[0]!._id;
  });
}

// Every page of the signed-in area on a phone and on a desktop: its heading, nothing sticking out
// sideways at 390 px, and no serious accessibility problem at either width.
test('the signed-in pages fit a phone and pass axe', async ({ page }) => {
  // Eighteen page views with two accessibility scans each: 60 s measured on a machine at load 13,
  // so more than test.slow()'s 90 s leaves room for a loaded CI machine.
  test.setTimeout(120_000);
  await login(page, demo.ava.email, demo.ava.password);
  const campaign = await firstCampaignOf(page);
  const pages = [
    { path: '/user/dashboard', heading: 'Account Summary' },
    { path: '/user/my-profile', heading: 'My Profile' },
    { path: '/user/pledges', heading: 'My Pledges' },
    { path: '/user/events', heading: 'My Events' },
    { path: '/user/payment-methods', heading: 'Payment Methods' },
    { path: '/user/event/create', heading: 'Create Event' },
    { path: '/user/events/practice-campaign', heading: /Practice/ },
    { path: `/user/event/${campaign}`, heading: /.+/ },
    { path: `/user/event/edit/${campaign}`, heading: /.+/ },
  ];
  for (const { path, heading } of pages) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), path).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), path).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} is wider than a phone`).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  }
});
