import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { acceptAlerts, addNewCard, demo, expect, expectNoAxeViolations, registerUser, signIn, test, waitForSessionChecked, type TestUser } from '../fixtures';
import { bearer, liveCampaign, mailTo } from './campaign-helpers';

/*
 * The sandbox wallet and cash app (decisions 150, 151), the whole way in the browser: one supporter
 * pledges with the sandbox wallet, one with the sandbox cash app, one with a sandbox cash app that
 * declines at the charge. The campaign completes and is charged (through the API: not the subject);
 * the two are charged, the third gets the failed-charge e-mail and retries with a card. My Payment
 * Methods shows each method by its kind. Screenshots at 390 and 1440 px go to SHOTS_DIR for looking at.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/wallet-shots';

async function shoot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const viewport = page.viewportSize()!;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize(viewport);
}

/** In the pledge dialog: Add a new card → the sandbox wallet or cash app with an outcome, selected at once. */
async function addSandboxMethod(page: Page, within: Locator, method: { kind: 'wallet' | 'cashapp'; outcome: string; cashtag?: string }) {
  await within.getByRole('button', { name: 'Add a new card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Card' });
  // Keyboard: the method radios are reached and chosen like any radio group.
  await dialog.getByRole('radio', { name: 'Card' }).focus();
  await page.keyboard.press(method.kind === 'wallet' ? 'ArrowRight' : 'ArrowLeft');
  await expect(dialog.getByRole('radio', { name: method.kind === 'wallet' ? 'Sandbox wallet' : 'Sandbox cash app' })).toBeChecked();
  const name = method.kind === 'wallet' ? 'sandbox wallet' : 'sandbox cash app';
  await expect(dialog.getByText(/stands in for .* which cannot run in this demo/)).toBeVisible();
  if (method.cashtag) await dialog.getByLabel('Your $cashtag').fill(method.cashtag);
  await dialog.getByLabel(`What the ${name} does`).selectOption(method.outcome);
  return dialog;
}

async function pledgeWith(
  page: Page,
  user: TestUser,
  campaign: { id: string; name: string },
  amount: string,
  method: Parameters<typeof addSandboxMethod>[2],
  shot?: string,
) {
  await signIn(page, user.email, user.password);
  await page.goto(`/events/${campaign.id}`);
  await page.getByRole('button', { name: 'Pledge Now' }).click();
  const pledge = page.getByRole('dialog', { name: `Pledge to ${campaign.name}` });
  await pledge.getByLabel('Pledge amount (USD)').fill(amount);
  const add = await addSandboxMethod(page, pledge, method);
  if (shot) {
    await expectNoAxeViolations(page, { include: ['[role="dialog"]'] });
    await shoot(page, shot);
  }
  await add.getByRole('button', { name: `Approve in the ${method.kind === 'wallet' ? 'sandbox wallet' : 'sandbox cash app'}` }).click();
  await expect(add).toBeHidden({ timeout: 20_000 });
  const label = method.kind === 'wallet' ? 'Sandbox wallet · Visa •••• 4242' : `Sandbox cash app · ${method.cashtag}`;
  await expect(pledge.getByRole('radio', { name: label })).toBeChecked();
  await pledge.getByRole('button', { name: /^Confirm pledge of/ }).click();
  await expect(page.getByRole('dialog', { name: 'Pledge saved' })).toBeVisible({ timeout: 20_000 });
}

test('the sandbox wallet and cash app are saved at the pledge, charged at completion, and a cash app declined at the charge is retried with a card', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(900_000); // Three supporters in browsers of their own, a charge run, a decline and a retry, with screenshots.
  const campaign = await liveCampaign(request, `Wallet Walk ${Date.now()}`);
  const [walletUser, cashUser, declinedUser] = [await registerUser(request), await registerUser(request), await registerUser(request)];
  const pageFor = async () => (await browser.newContext({ baseURL })).newPage();

  const walletPage = await pageFor();
  await pledgeWith(walletPage, walletUser, campaign, '25', { kind: 'wallet', outcome: 'succeed' }, 'add-sandbox-wallet');
  const cashPage = await pageFor();
  await pledgeWith(cashPage, cashUser, campaign, '40', { kind: 'cashapp', outcome: 'succeed', cashtag: '$cash_walk' }, 'add-sandbox-cashapp');
  const declinedPage = await pageFor();
  await pledgeWith(declinedPage, declinedUser, campaign, '30', { kind: 'cashapp', outcome: 'decline_on_charge', cashtag: '$broke_walk' });

  // My Payment Methods lists each by its kind.
  await cashPage.goto('/user/payment-methods');
  await waitForSessionChecked(cashPage);
  await expect(cashPage.getByRole('article', { name: 'Sandbox cash app · $cash_walk' })).toBeVisible();
  await walletPage.goto('/user/payment-methods');
  await waitForSessionChecked(walletPage);
  await expect(walletPage.getByRole('article', { name: 'Sandbox wallet · Visa •••• 4242' })).toBeVisible();
  // A card next to the wallet, to show both kinds side by side.
  await walletPage.getByRole('button', { name: 'Add New Card' }).click();
  const cardDialog = walletPage.getByRole('dialog', { name: 'Add New Card' });
  await cardDialog.getByLabel('Card holder name').fill(walletUser.name);
  await cardDialog.getByLabel('Card number').fill('4242424242424242');
  await cardDialog.getByLabel('Expiry date').fill(`12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await cardDialog.getByLabel('CVV').fill('123');
  await cardDialog.getByRole('button', { name: 'Save card' }).click();
  await expect(cardDialog).toBeHidden();
  await expect(walletPage.getByRole('article', { name: 'Visa ending in 4242' })).toBeVisible();
  await expectNoAxeViolations(walletPage, { include: ['main'] });
  await shoot(walletPage, 'payment-methods', true);

  // The campaign completes and is charged: the wallet and the cash app charge, the declining cash app fails.
  const completed = await request.post(`/api/events/${campaign.id}/complete`, { headers: bearer(campaign.avaToken) });
  expect(completed.status(), await completed.text()).toBe(200);
  const started = await request.post(`/api/admin/events/${campaign.id}/charge`, { headers: bearer(campaign.adminToken) });
  expect(started.status(), await started.text()).toBe(201);
  const runId = (await started.json()).data._id as string;
  await expect
    .poll(
      async () => {
        const run = (await (await request.get(`/api/admin/charge-runs/${runId}`, { headers: bearer(campaign.adminToken) })).json()).data;
        return { charged: run.charged, failed: run.failed };
      },
      { timeout: 60_000 },
    )
    .toEqual({ charged: 3, failed: 1 });
  expect((await mailTo(request, walletUser.email, `Receipt: your pledge to "${campaign.name}" was charged`)).text).toContain(
    'Your Sandbox wallet · Visa •••• 4242 was charged',
  );
  expect((await mailTo(request, cashUser.email, `Receipt: your pledge to "${campaign.name}" was charged`)).text).toContain(
    'Your Sandbox cash app · $cash_walk was charged',
  );

  // The third gets the failed-charge e-mail naming the cash app, opens its link and retries with a card.
  const failedMail = await mailTo(request, declinedUser.email, `Your pledge to "${campaign.name}" could not be charged`);
  expect(failedMail.text).toContain('The sandbox cash app declined the payment.');
  const updateLink = /\/user\/pledges\?update=[0-9a-f-]{36}(?= )/.exec(failedMail.text)?.[0];
  expect(updateLink).toBeTruthy();
  await declinedPage.goto(updateLink!);
  const update = declinedPage.getByRole('dialog', { name: 'Update payment method' });
  await expect(update).toBeVisible();
  await expect(update.getByRole('radio', { name: 'Sandbox cash app · $broke_walk' })).toBeVisible();
  await shoot(declinedPage, 'update-after-cashapp-decline');
  await addNewCard(declinedPage, update, { holder: declinedUser.name, number: '4242424242424242' });
  await expect(update.getByRole('radio', { name: /4242/ })).toBeChecked();
  await update.getByRole('button', { name: 'Use this payment method' }).click();
  await expect(update).toBeHidden();
  await expect(declinedPage.getByText('Your payment method was charged. Thank you!')).toBeVisible();
  await mailTo(request, declinedUser.email, `Receipt: your pledge to "${campaign.name}" was charged`);
  await shoot(declinedPage, 'pledges-after-retry', true);
});

test('a signed-in donor gives to a charity with the sandbox wallet added in the donation dialog, and the receipt names it', async ({ page, request }) => {
  // Sign-in, the charities page, two dialogs, an accessibility check and two screenshots: on a
  // loaded machine this passed test.slow()'s 90 s once, with the thank-you arriving late.
  test.setTimeout(180_000);
  const donor = await registerUser(request);
  await signIn(page, donor.email, donor.password);
  await page.goto('/charities');
  await waitForSessionChecked(page);
  await page.getByRole('button', { name: 'Donate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Donate to / });
  await expect(dialog).toBeVisible();
  const charity = (await dialog.getByRole('heading', { name: /^Donate to / }).innerText()).replace(/^Donate to /, '');
  // Signed in, no card is typed: the donor picks a saved method, or adds one, with the pledge dialog's picker.
  await expect(dialog.getByLabel('Card number')).toHaveCount(0);
  await expect(dialog.getByRole('group', { name: 'Pay with' })).toBeVisible();
  await dialog.getByLabel('Amount (USD)').fill('12.34');
  const add = await addSandboxMethod(page, dialog, { kind: 'wallet', outcome: 'succeed' });
  await expectNoAxeViolations(page, { include: ['[role="dialog"]'] });
  await shoot(page, 'donation-add-sandbox-wallet');
  await add.getByRole('button', { name: 'Approve in the sandbox wallet' }).click();
  await expect(add).toBeHidden({ timeout: 20_000 });
  await expect(dialog.getByRole('radio', { name: 'Sandbox wallet · Visa •••• 4242' })).toBeChecked();
  await shoot(page, 'donation-with-sandbox-wallet');

  // Accepted from the listener, at once: an alert accepted afterwards once hung until the timeout
  // on CI. The thank-you has arrived late on a loaded machine, hence the long wait.
  const alerts = acceptAlerts(page);
  await dialog.getByRole('button', { name: 'Donate', exact: true }).click();
  await expect.poll(() => alerts, { timeout: 60_000 }).toEqual([`Thank you for your donation to ${charity}!`]);
  await expect(dialog).toBeHidden();
  const receipt = await mailTo(request, donor.email, `Your donation to ${charity}`);
  expect(receipt.text).toContain('Your Sandbox wallet · Visa •••• 4242 was charged $12.34.');
});

test('a visitor gives to a charity on a phone with the sandbox cash app, charged once and named on the receipt (issue 41)', async ({ page, request }) => {
  // The charities page, an accessibility check, screenshots at two widths and the donation: on CI's
  // loaded machine this took 100 s once, past test.slow()'s 90 s, with the thank-you arriving late.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `visitor-${Date.now()}@example.com`;
  await page.goto('/charities');
  await waitForSessionChecked(page);
  await page.getByRole('button', { name: 'Donate', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Donate to / });
  await expect(dialog).toBeVisible();
  const charity = (await dialog.getByRole('heading', { name: /^Donate to / }).innerText()).replace(/^Donate to /, '');
  await dialog.getByLabel('Full name').fill('Vera Visitor');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Amount (USD)').fill('8');
  // Add New Card's choices, by keyboard: a card first, then the sandbox wallet and cash app.
  const choices = dialog.getByRole('group', { name: 'Pay with' });
  await expect(choices.getByRole('radio', { name: 'Card' })).toBeChecked();
  await expect(dialog.getByLabel('Card number')).toBeVisible();
  await choices.getByRole('radio', { name: 'Card' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(choices.getByRole('radio', { name: 'Sandbox cash app' })).toBeChecked();
  await expect(dialog.getByLabel('Card number')).toHaveCount(0);
  await dialog.getByLabel('Your $cashtag').fill('$vera_walk');
  await expect(dialog.getByLabel('What the sandbox cash app does')).toHaveValue('succeed');
  await expectNoAxeViolations(page, { include: ['[role="dialog"]'] });
  await shoot(page, 'visitor-donation-sandbox-cashapp');

  // Accepted from the listener, at once: an alert accepted afterwards once hung until the timeout
  // on CI. The thank-you has arrived late on a loaded machine, hence the long wait.
  const alerts = acceptAlerts(page);
  await dialog.getByRole('button', { name: 'Donate', exact: true }).click();
  await expect.poll(() => alerts, { timeout: 60_000 }).toEqual([`Thank you for your donation to ${charity}!`]);
  await expect(dialog).toBeHidden();
  const receipt = await mailTo(request, email, `Your donation to ${charity}`);
  expect(receipt.text).toContain('Your Sandbox cash app · $vera_walk was charged $8.00.');
});

test('the admin sees that the sandbox has no wallet domain to register', async ({ page }) => {
  test.slow(); // Sign-in and the console's chunks on a loaded machine.
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto('/admin/wallets');
  await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/The sandbox payment provider has no Apple Pay or Google Pay, so there is no domain to register/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: /Register with Stripe/ })).toHaveCount(0);
  await expectNoAxeViolations(page, { include: ['main'] });
  await shoot(page, 'admin-wallets');
});
