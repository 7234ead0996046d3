import type { Page } from '@playwright/test';
import { demo, expect, newUser, readMailbox, registerUser, signIn, test, waitForHydration } from '../fixtures';
import { accessToken, bearer, createCampaignByApi, newCharity, saveCard } from './campaign-helpers';
import { pdfText } from './pdf-text';

/*
 * The whole way of a charity on Stripe Connect with the sandbox (issue 35; decisions 130, 131, 135,
 * 137, 175, 176): an admin invites a treasurer, who registers and accepts; the treasurer's profile
 * edit (with the registration number) is approved by the admin; the treasurer onboards, first
 * leaving a requirement due (the state shows it, the e-mail arrives), then completes it; a completed
 * campaign's transfer arrives in the portal with the pledge it carried; the admin's sandbox tool
 * disputes part of that charge and the portal shows the reversal; the supporter's receipt and
 * statement show the registration number. Set-up that is not the subject goes through the API.
 * Screenshots at 390 and 1440 px go to e2e/.results/charity-connect-walk/.
 */

const SHOTS = 'e2e/.results/charity-connect-walk';
const REGISTRATION = '83-2468101';

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** On the sandbox's onboarding page: a bank account, optionally a requirement left due, then back to the portal. */
async function sandboxOnboarding(tess: Page, charityId: string, leaveDue: boolean) {
  await expect(tess).toHaveURL(/\/user\/sandbox-connect\//, { timeout: 30_000 });
  await expect(tess.getByRole('heading', { name: /Set up payouts for/ })).toBeVisible();
  await tess.getByLabel('Bank account number').fill('000123456789');
  await tess.getByRole('checkbox', { name: /Leave a requirement due/ }).setChecked(leaveDue);
  await tess.getByRole('button', { name: /continue/ }).click();
  await expect(tess).toHaveURL(new RegExp(`/user/charities/${charityId}`), { timeout: 30_000 });
  await tess.getByRole('button', { name: 'Read the state from Stripe again' }).click();
  await expect(tess.getByText('State read from Stripe just now.')).toBeVisible({ timeout: 30_000 });
}

test('a treasurer onboards to Connect, sees a transfer arrive and a dispute reverse part of it; receipts show the registration number', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  const adminToken = await accessToken(request, demo.admin.email, demo.admin.password);
  const avaToken = await accessToken(request, demo.ava.email, demo.ava.password);
  const charityName = `Lantern Shelter ${Date.now()}`;
  const charityId = await newCharity(request, adminToken, charityName);
  const campaign = await createCampaignByApi(request, avaToken, { eventName: `Night Walk ${Date.now()}`, targetAmount: 500, charityId });
  const funded = await request.post('/api/events/payment', { headers: bearer(avaToken), data: { event_id: campaign.id, amount: 100, test_mode: true } });
  expect(funded.status(), await funded.text()).toBe(200);
  expect((await request.post(`/api/admin/events/${campaign.id}/approve`, { headers: bearer(adminToken) })).status()).toBe(200);

  // The admin invites the treasurer from the charity list.
  const treasurer = { ...newUser(), name: 'Tomas Treasurer' };
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto('/admin/charities');
  await page.getByRole('button', { name: `Representatives of ${charityName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Representatives of ${charityName}` });
  await dialog.getByLabel('E-mail address to invite').fill(treasurer.email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText(`Invitation sent to ${treasurer.email}`)).toBeVisible();
  await page.keyboard.press('Escape');

  // The treasurer registers through the e-mailed link and accepts.
  const mail = (await readMailbox(request, treasurer.email)).find((message) => message.kind === 'charity-invitation');
  expect(mail, 'the invitation e-mail').toBeTruthy();
  const link = new URL(/\S+\/charity-invitations\/\S+/.exec(mail!.text)![0]);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const tess = await context.newPage();
  // A step that cannot happen fails within half a minute rather than at the test's end.
  tess.setDefaultTimeout(45_000);
  page.setDefaultTimeout(45_000);
  await tess.goto(link.pathname);
  await waitForHydration(tess);
  await tess.getByRole('link', { name: 'Create an account' }).click();
  await expect(tess.getByRole('heading', { name: 'Create Account', level: 1 })).toBeVisible();
  await waitForHydration(tess);
  await tess.getByLabel('Name', { exact: true }).fill(treasurer.name);
  await tess.getByLabel('Email', { exact: true }).fill(treasurer.email);
  await tess.getByLabel('Password', { exact: true }).fill(treasurer.password);
  await tess.getByLabel('Re-type Password', { exact: true }).fill(treasurer.password);
  await tess.getByLabel('Use the default avatar').check();
  await tess.getByRole('button', { name: 'Create Account' }).click();
  await expect(tess).toHaveURL(/\/login\?from=/, { timeout: 30_000 });
  await expect(tess.getByRole('heading', { name: 'Log In', level: 1 })).toBeVisible();
  await waitForHydration(tess);
  await tess.getByRole('textbox', { name: 'Email', exact: true }).fill(treasurer.email);
  await tess.getByRole('textbox', { name: 'Password', exact: true }).fill(treasurer.password);
  await tess.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(tess).toHaveURL(/\/charity-invitations\//, { timeout: 30_000 });
  await tess.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(tess).toHaveURL(new RegExp(`/user/charities/${charityId}$`));

  // The treasurer proposes what receipts print; it waits for the admin, who approves it beside the current profile.
  await tess.getByLabel('Legal name').fill(`${charityName} Inc.`);
  await tess.getByLabel('Registration number').fill(REGISTRATION);
  await tess.getByLabel('Address', { exact: true }).fill('9 Quay Street, Portland, ME 04101');
  await tess.getByRole('button', { name: 'Send for approval' }).click();
  await expect(tess.getByText('Waiting for an admin’s approval')).toBeVisible();
  await page.goto('/admin/charities');
  const change = page.getByRole('article', { name: `Profile change of ${charityName}` });
  await expect(change.getByText(REGISTRATION)).toBeVisible();
  await shoot(page, 'admin-profile-change');
  await change.getByRole('button', { name: `Approve the change of ${charityName}` }).click();
  // Approved: the change leaves the list of those waiting.
  await expect(change).toHaveCount(0);
  await tess.reload();
  await expect(tess.getByText(`Registration number: ${REGISTRATION}`)).toBeVisible();

  // Onboarding, first leaving a requirement due: the state says so and the e-mail arrives.
  await tess.getByRole('button', { name: 'Connect to Stripe' }).click();
  await sandboxOnboarding(tess, charityId, true);
  await expect(tess.getByText('Stripe asks for more')).toBeVisible();
  await expect(tess.getByText('representative.verification.document')).toBeVisible();
  await expect
    .poll(async () => (await readMailbox(request, treasurer.email)).some((message) => message.kind === 'connect-requirements'), {
      timeout: 30_000,
      message: 'the requirements e-mail reaches the treasurer',
    })
    .toBe(true);
  await shoot(tess, 'portal-requirement-due');
  await tess.getByRole('button', { name: 'Continue onboarding on Stripe' }).click();
  await sandboxOnboarding(tess, charityId, false);
  await expect(tess.getByText('Payouts enabled', { exact: true })).toBeVisible();

  // A supporter pledges; the campaign completes and is charged; the transfers run.
  const supporter = await registerUser(request, { ...newUser(), name: `Sol Supporter ${Date.now()}` });
  const supporterToken = await accessToken(request, supporter.email, supporter.password);
  const pledged = await request.post(`/api/events/${campaign.id}/pledges`, {
    headers: bearer(supporterToken),
    data: { amount: 80, tip_percent: 10, payment_method_id: await saveCard(request, supporterToken) },
  });
  expect(pledged.status(), await pledged.text()).toBe(201);
  expect((await request.post(`/api/events/${campaign.id}/complete`, { headers: bearer(avaToken) })).status()).toBe(200);
  expect((await request.post(`/api/admin/events/${campaign.id}/charge`, { headers: bearer(adminToken) })).status()).toBe(201);
  let receipt: { text: string } | undefined;
  await expect
    .poll(
      async () => {
        receipt = (await readMailbox(request, supporter.email)).find((message) => message.kind === 'charge-receipt');
        return Boolean(receipt);
      },
      { timeout: 60_000, message: 'the supporter is charged and receives a receipt' },
    )
    .toBe(true);
  await page.goto('/admin/charity-connect');
  await page.getByRole('button', { name: 'Run transfers now' }).click();
  await expect(page.getByText(/Transfers run: [1-9]\d* made/)).toBeVisible({ timeout: 60_000 });

  // The portal shows the transfer and the pledge it carried, by the supporter's name.
  await tess.reload();
  const stripe = tess.getByRole('region', { name: 'Stripe' });
  await expect(stripe.getByText(supporter.name).first()).toBeVisible();
  await expect(stripe.getByText('Transfer', { exact: true }).first()).toBeVisible();
  await shoot(tess, 'portal-transfer');

  // The admin's sandbox tool: the supporter's bank disputes $40.00 of the $88.00 charge.
  await page.goto('/admin/campaigns');
  await page.getByRole('button', { name: `Pledges of ${campaign.name}` }).click();
  const pledges = page.getByRole('dialog', { name: `Pledges of ${campaign.name}` });
  await pledges.getByRole('button', { name: `Dispute (sandbox) the charge of ${supporter.name}` }).click();
  await pledges.getByLabel('Disputed amount (USD)').fill('40.00');
  await shoot(page, 'admin-sandbox-dispute');
  await pledges.getByRole('button', { name: 'Open dispute' }).click();
  await expect(page.getByText(/SANDBOX: the donor's bank disputed the charge/)).toBeVisible({ timeout: 30_000 });

  // The reversal of the charity's part reaches the portal.
  await expect
    .poll(
      async () => {
        await tess.reload();
        await expect(tess.getByRole('heading', { name: 'Transfers and reversals' })).toBeVisible();
        return tess.getByRole('region', { name: 'Stripe' }).getByText('Reversal', { exact: true }).count();
      },
      { timeout: 60_000, message: 'the reversal is made and shown' },
    )
    .toBeGreaterThan(0);
  await shoot(tess, 'portal-reversal');
  await context.close();

  // The supporter's receipt and statement name the charity with its registration number.
  expect(receipt!.text).toContain(`Registration number (EIN or national charity number): ${REGISTRATION}`);
  const year = new Date().getUTCFullYear();
  const statement = await request.get(`/api/me/statements/${year}.pdf`, { headers: bearer(supporterToken) });
  expect(statement.status()).toBe(200);
  expect(await pdfText(await statement.body())).toContain(REGISTRATION);
});
