import type { Page } from '@playwright/test';
import { addNewCard, demoCampaign, expect, registerUser, signIn, test, waitForHydration } from '../fixtures';

/*
 * Connections on a phone (issue 40, decisions 181, 183): an API key shown once, the delivery log
 * stacked without sideways scrolling, the pledge dialog's two e-mail choices, and changing them
 * later in My Pledges. Screenshots at 390 and 1440 px go to e2e/.results/integrations/.
 */

const SHOTS = 'e2e/.results/integrations';

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** Nothing on the page is wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 390, height: 900 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test('a key shown once and a delivery log that fits a phone; e-mail choices made in the pledge dialog and changed in My Pledges', async ({ page }) => {
  test.slow(); // A delivery attempt may wait for its 10-second timeout.
  const user = await registerUser(page);
  const { accessToken } = await signIn(page, user.email, user.password);

  // The key, made in the page, shown once.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/user/developers');
  await page.getByLabel('Name').fill('Spreadsheet');
  await page.getByRole('checkbox', { name: /Post updates on your campaigns/ }).check();
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByTestId('secret-once')).toHaveText(/^pw_key_/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/key-shown-once-390.png`, fullPage: true });

  // An endpoint with a test event: its delivery shows in the log, a block per delivery on a phone.
  const endpoint = await page.request.post('/api/webhooks/endpoints', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { url: 'https://93.184.215.14/a-rather-long-path/pledgeway-events?source=pledgeway', event_types: ['pledge.created'], description: 'CRM' },
  });
  expect(endpoint.status(), await endpoint.text()).toBe(201);
  await page.reload();
  await page.getByRole('button', { name: 'Send a test event' }).click();
  await expect(page.getByRole('table', { name: /Deliveries to/ }).getByText('webhook.test')).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(page);
  await shoot(page, 'delivery-log');

  // The pledge dialog's two choices, off by default.
  const campaign = await demoCampaign(page, 'event');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/events/${campaign._id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Pledge Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Pledge to ${campaign.name}` });
  const withHost = dialog.getByRole('checkbox', { name: /Share my e-mail address with the campaign's host/ });
  const withCharity = dialog.getByRole('checkbox', { name: /Share my e-mail address with (?!the campaign)/ });
  await expect(withHost).not.toBeChecked();
  await expect(withCharity).not.toBeChecked();
  await dialog.getByLabel('Pledge amount (USD)').fill('25');
  await addNewCard(page, dialog, { holder: user.name, number: '4242424242424242' });
  await withHost.check();
  await withHost.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/pledge-dialog-choices-390.png` });
  await dialog.getByRole('button', { name: /Confirm pledge/ }).click();
  await expect(page.getByRole('dialog', { name: 'Pledge saved' })).toBeVisible();

  // Changed later in My Pledges: the host's choice taken back, the charity's given.
  await page.goto('/user/pledges');
  const host = page.getByRole('checkbox', { name: 'Share my e-mail with the host' });
  const charity = page.getByRole('checkbox', { name: 'Share my e-mail with the charity' });
  await expect(host).toBeChecked();
  await expect(charity).not.toBeChecked();
  await host.click();
  await expect(page.getByText(/Saved: from now on the host does not see your e-mail address/)).toBeVisible();
  await expect(host).not.toBeChecked();
  await charity.click();
  await expect(page.getByText(/the charity sees your e-mail address/)).toBeVisible();
  await page.reload();
  await expect(host).not.toBeChecked();
  await expect(charity).toBeChecked();
  await expectNoSidewaysScroll(page);
  await shoot(page, 'my-pledges-choices');
});
