import type { Page } from '@playwright/test';
import { demoCampaign, expect, registerUser, signIn, test, waitForHydration } from '../fixtures';
import { holdBackAppScripts, openAsSent } from './hydration-helpers';

/*
 * The campaign list's "Sort by", and "Promote" and "Offer a match" on the campaign page, used
 * before the app has hydrated the page (decision 120, as the money buttons are): the app's scripts
 * are held back, or JavaScript is off.
 */

/**
 * Expects the list "Ending soon": the seed's two campaigns of the coming week first (other tests'
 * campaigns are dated 10 days out or later). Newest first seldom starts so: the seed's campaigns
 * share one creation instant, so among them it goes by id, and other tests' campaigns come first.
 */
async function expectEndingSoonOrder(page: Page): Promise<void> {
  const names = page.locator('article h3');
  await expect(names.nth(0)).toHaveText('72-Hour Pantry Restock');
  await expect(names.nth(1)).toHaveText('Winter Coats by Friday');
}

test.describe('the campaign list sorted before the app has hydrated it', () => {
  test('the choice is applied once the app has hydrated the list, and kept in the address', async ({ page }) => {
    const scripts = await holdBackAppScripts(page);
    await openAsSent(page, '/events');
    const sortBy = page.getByLabel('Sort by');
    await sortBy.selectOption('ending_soon');
    // The "Sort" button is for a browser without JavaScript: here the app sorts once it runs.
    await expect(page.getByRole('button', { name: 'Sort', exact: true })).toHaveCount(0);

    await scripts.release();
    // Released at once, the scripts still take their time to run (over 5 s on a machine shared
    // with other work): the list is looked at once the app has hydrated the page.
    await waitForHydration(page, { timeout: 15_000 });
    await expectEndingSoonOrder(page);
    await expect(page).toHaveURL('/events?sort=ending_soon');
    await expect(sortBy).toHaveValue('ending_soon');
  });
});

test.describe('Promote and Offer a match pressed before the app has hydrated the campaign page', () => {
  test('a visitor pressing "Promote this campaign" goes to the log-in page with the way back', async ({ page }) => {
    const campaign = await demoCampaign(page, 'crowdfunding');
    const eventPath = `/events/${campaign._id}`;
    await holdBackAppScripts(page);
    await openAsSent(page, eventPath);
    await page.getByRole('button', { name: 'Promote this campaign' }).click();
    await expect(page).toHaveURL(`/login?from=${encodeURIComponent(eventPath)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  });

  test('a visitor pressing "Offer a match" goes to the log-in page and, once logged in, comes back to the campaign', async ({ page }) => {
    const campaign = await demoCampaign(page, 'event');
    const eventPath = `/events/${campaign._id}`;
    const sponsor = await registerUser(page);
    const scripts = await holdBackAppScripts(page);
    await openAsSent(page, eventPath);
    await page.getByRole('button', { name: 'Offer a match' }).click();
    await expect(page).toHaveURL(`/login?from=${encodeURIComponent(eventPath)}`);

    await scripts.release();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(sponsor.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(sponsor.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(eventPath);
  });

  test('a signed-in sponsor pressing "Offer a match" gets the offer dialog once the app has hydrated', async ({ page }) => {
    const campaign = await demoCampaign(page, 'money_bomb');
    const eventPath = `/events/${campaign._id}`;
    const sponsor = await registerUser(page);
    await signIn(page, sponsor.email, sponsor.password);
    const scripts = await holdBackAppScripts(page);
    await openAsSent(page, eventPath);
    const offer = page.getByRole('button', { name: 'Offer a match' });
    // The server cannot know who is signed in, only that someone may be: the button still takes the press.
    await expect(offer).toBeEnabled();
    await offer.click();

    await scripts.release();
    // Held for the app, not sent to the log-in page. Once released the scripts run one after the
    // other: the app hydrates, checks the session, loads the matching section's code, then the
    // dialog's (over 5 s on a machine shared with other work; seen at 7 s): 15 s, here only.
    await expect(page.getByRole('dialog', { name: `Offer a match on ${campaign.name}` })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(eventPath);
  });
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('"Sort" reloads the list in the order chosen, rendered by the server', async ({ page }) => {
    await page.goto('/events/money-bomb');
    await page.getByLabel('Sort by').selectOption('ending_soon');
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expect(page).toHaveURL('/events/money-bomb?sort=ending_soon');
    await expect(page.getByLabel('Sort by')).toHaveValue('ending_soon');
    await expectEndingSoonOrder(page);
  });

  test('a topic list keeps its topic when sorted', async ({ page }) => {
    await page.goto('/events?category=Culture');
    await page.getByLabel('Sort by').selectOption('most_raised');
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expect(page).toHaveURL('/events?category=Culture&sort=most_raised');
    await expect(page.getByRole('heading', { name: 'Culture campaigns' })).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('most_raised');
  });

  test('Promote and Offer a match still lead a visitor to the log-in page with the way back', async ({ page }) => {
    const campaign = await demoCampaign(page, 'event');
    const eventPath = `/events/${campaign._id}`;
    for (const name of ['Promote this campaign', 'Offer a match']) {
      await page.goto(eventPath);
      await page.getByRole('button', { name }).click();
      await expect(page, name).toHaveURL(`/login?from=${encodeURIComponent(eventPath)}`);
    }
  });
});
