import type { APIRequestContext } from '@playwright/test';
import { demo, expect, expectNoAxeViolations, signIn, test, waitForSessionChecked } from '../fixtures';

/** Ava's first campaign, read through the API with her session. */
async function firstCampaignOf(request: APIRequestContext, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const { user } = (await (await request.get('/api/site/auth-check', { headers })).json()) as { user: { _id: string } };
  const mine = (await (await request.get(`/api/events?userId=${user._id}`, { headers })).json()) as { _id: string }[] | { data: { _id: string }[] };
  return (Array.isArray(mine) ? mine : mine.data)[0]!._id;
}

const pages: { path: string | ((campaign: string) => string); heading: string | RegExp }[] = [
  { path: '/user/dashboard', heading: 'Account Summary' },
  { path: '/user/my-profile', heading: 'My Profile' },
  { path: '/user/pledges', heading: 'My Pledges' },
  { path: '/user/events', heading: 'My Events' },
  { path: '/user/payment-methods', heading: 'Payment Methods' },
  { path: '/user/event/create', heading: 'Create Event' },
  { path: '/user/events/practice-campaign', heading: /Practice/ },
  { path: (campaign) => `/user/event/${campaign}`, heading: /.+/ },
  { path: (campaign) => `/user/event/edit/${campaign}`, heading: /.+/ },
];

// Every page of the signed-in area on a phone and on a desktop: its heading, nothing sticking out
// sideways at 390 px, and no serious accessibility problem at either width. One test a page, so
// each fits Playwright's default budget and the pages spread over the workers.
test.describe('the signed-in pages fit a phone and pass axe', () => {
  for (const { path: pathOf, heading } of pages) {
    const name = typeof pathOf === 'string' ? pathOf : pathOf(':campaign');
    test(name, async ({ page }) => {
      const { accessToken } = await signIn(page, demo.ava.email, demo.ava.password);
      const path = typeof pathOf === 'string' ? pathOf : pathOf(await firstCampaignOf(page.request, accessToken));
      await page.goto(path);
      await waitForSessionChecked(page);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first(), path).toBeVisible();
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('heading', { level: 1, name: heading }).first(), path).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} is wider than a phone`).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);
    });
  }
});
