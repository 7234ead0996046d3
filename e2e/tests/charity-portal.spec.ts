import type { APIRequestContext, Page } from '@playwright/test';
import { CARD_EXPIRY, createPng, demo, expect, newUser, readMailbox, registerUser, signIn, test, waitForHydration } from '../fixtures';
import { accessToken, bearer, createCampaignByApi } from './campaign-helpers';
import { pdfText } from './pdf-text';

/*
 * The charity portal and receipts a tax office accepts (decisions 135, 137): an admin invites a
 * charity's treasurer from the console; the treasurer registers through the invitation's link,
 * accepts, sees the portal (Stripe said plainly not connected) and fills in the registration
 * number; the supporter's charge receipt and yearly statement then name it. Set-up that is not the
 * subject (the charity, the campaign, the pledge, the charge, the payout) goes through the API.
 * Screenshots at 390 and 1440 px go to e2e/.results/charity-portal/.
 */

const SHOTS = 'e2e/.results/charity-portal';
const REGISTRATION = '47-1234567';

async function newCharity(request: APIRequestContext, adminToken: string, name: string): Promise<string> {
  const group = await request.post('/api/admin/charity-groups', { headers: bearer(adminToken), data: { title: `${name} group` } });
  expect(group.status(), await group.text()).toBe(201);
  const created = await request.post('/api/admin/charities', {
    headers: bearer(adminToken),
    multipart: { name, group_id: (await group.json()).data._id, link: 'https://harbour.example.org', description: 'Warm coats.', logo: createPng(120, 120) },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data._id as string;
}

async function saveCard(request: APIRequestContext, token: string): Promise<string> {
  const tokenized = await request.post('/api/sandbox/cards', {
    headers: bearer(token),
    data: { holder_name: 'Card Holder', number: '4242424242424242', expiry: CARD_EXPIRY, cvv: '123' },
  });
  expect(tokenized.status(), await tokenized.text()).toBe(201);
  const saved = await request.post('/api/payment-methods', { headers: bearer(token), data: { token: (await tokenized.json()).token } });
  expect(saved.status(), await saved.text()).toBe(201);
  return ((await saved.json()).data as { id: string }).id;
}

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an admin invites a treasurer, who registers, accepts and sees the portal; the supporter’s receipt and statement show the registration number', async ({
  page,
  browser,
  request,
}) => {
  // Three people in two browsers, a registration, a charge run and a payout: on a loaded 2-core machine this took up to 230 s.
  test.setTimeout(360_000);
  const adminToken = await accessToken(request, demo.admin.email, demo.admin.password);
  const avaToken = await accessToken(request, demo.ava.email, demo.ava.password);
  const charityName = `Harbour Relief ${Date.now()}`;
  const charityId = await newCharity(request, adminToken, charityName);
  const campaign = await createCampaignByApi(request, avaToken, { eventName: `Coat Drive ${Date.now()}`, targetAmount: 500, charityId });
  const funded = await request.post('/api/events/payment', { headers: bearer(avaToken), data: { event_id: campaign.id, amount: 100, test_mode: true } });
  expect(funded.status(), await funded.text()).toBe(200);
  expect((await request.post(`/api/admin/events/${campaign.id}/approve`, { headers: bearer(adminToken) })).status()).toBe(200);
  const supporter = await registerUser(request, { ...newUser(), name: `Sam Supporter ${Date.now()}` });
  const supporterToken = await accessToken(request, supporter.email, supporter.password);
  const pledged = await request.post(`/api/events/${campaign.id}/pledges`, {
    headers: bearer(supporterToken),
    data: { amount: 80, tip_percent: 10, payment_method_id: await saveCard(request, supporterToken), share_email_with_charity: true },
  });
  expect(pledged.status(), await pledged.text()).toBe(201);

  // The admin invites the treasurer from the charity list.
  const treasurer = { ...newUser(), name: 'Tess Treasurer' };
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto('/admin/charities');
  await page.getByRole('button', { name: `Representatives of ${charityName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Representatives of ${charityName}` });
  await dialog.getByLabel('E-mail address to invite').fill(treasurer.email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText(`Invitation sent to ${treasurer.email}`)).toBeVisible();
  await expect(dialog.getByText(`${treasurer.email} · expires`)).toBeVisible();
  await shoot(page, 'admin-invites');

  // The treasurer opens the e-mailed link in their own browser, registers and accepts.
  const mail = (await readMailbox(request, treasurer.email)).find((message) => message.kind === 'charity-invitation');
  expect(mail, 'the invitation e-mail').toBeTruthy();
  const link = new URL(/\S+\/charity-invitations\/\S+/.exec(mail!.text)![0]);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const tess = await context.newPage();
  await tess.goto(link.pathname);
  await expect(tess.getByText(`You are invited to represent ${charityName}`)).toBeVisible();
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
  // Password hashing on a loaded machine takes seconds.
  await expect(tess).toHaveURL(/\/login\?from=/, { timeout: 30_000 });
  // The registration page stays on screen while the log-in page loads (a transition).
  await expect(tess.getByRole('heading', { name: 'Log In', level: 1 })).toBeVisible();
  await waitForHydration(tess);
  await tess.getByRole('textbox', { name: 'Email', exact: true }).fill(treasurer.email);
  await tess.getByRole('textbox', { name: 'Password', exact: true }).fill(treasurer.password);
  await tess.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(tess).toHaveURL(new RegExp(`/charity-invitations/`), { timeout: 30_000 });
  await shoot(tess, 'invitation');
  await tess.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(tess).toHaveURL(new RegExp(`/user/charities/${charityId}$`));
  await expect(tess.getByRole('heading', { name: charityName, level: 1 })).toBeVisible();
  await expect(tess.getByText('Not connected to Stripe yet.')).toBeVisible();

  // The treasurer fills in what receipts print.
  await tess.getByLabel('Legal name').fill(`${charityName} Inc.`);
  await tess.getByLabel('Registration number').fill(REGISTRATION);
  await tess.getByLabel('Address', { exact: true }).fill('1 Harbour Road, Springfield, IL 62701');
  await tess.getByRole('button', { name: 'Send for approval' }).click();
  await expect(tess.getByText('Waiting for an admin’s approval')).toBeVisible();
  // Held until an admin approves it (decision 176).
  const changes = (await (await request.get('/api/admin/charity-profile-changes', { headers: bearer(adminToken) })).json()).data.items as {
    _id: string;
    current: { _id: string };
  }[];
  const change = changes.find((item) => item.current._id === charityId)!;
  const approved = await request.post(`/api/admin/charity-profile-changes/${change._id}/decision`, {
    headers: bearer(adminToken),
    data: { decision: 'approve' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await tess.reload();
  await expect(tess.getByText(`Registration number: ${REGISTRATION}`)).toBeVisible();

  // The campaign completes and is charged; an admin records the payout.
  expect((await request.post(`/api/events/${campaign.id}/complete`, { headers: bearer(avaToken) })).status()).toBe(200);
  expect((await request.post(`/api/admin/events/${campaign.id}/charge`, { headers: bearer(adminToken) })).status()).toBe(201);
  let receipt: { text: string } | undefined;
  await expect
    .poll(
      async () => {
        receipt = (await readMailbox(request, supporter.email)).find((message) => message.kind === 'charge-receipt');
        return Boolean(receipt);
      },
      { timeout: 30_000, message: 'the supporter is charged and receives a receipt' },
    )
    .toBe(true);
  const payouts = (await (await request.get('/api/admin/payouts', { headers: bearer(adminToken) })).json()).data.charities as {
    charity_id: string;
    payable: number;
  }[];
  const payable = payouts.find((row) => row.charity_id === charityId)!.payable;
  const paid = await request.post('/api/admin/payouts', {
    headers: bearer(adminToken),
    data: { charity_id: charityId, amount: payable, reference: 'ACH-HARBOUR-1', paid_on: '2026-11-27' },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // The portal shows the campaign, the payout and the pledge it carried, by the supporter's name.
  await tess.reload();
  await expect(tess.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await expect(tess.getByText('Reference: ACH-HARBOUR-1')).toBeVisible();
  await expect(tess.getByText(supporter.name).first()).toBeVisible();
  await expect(tess.getByRole('link', { name: campaign.name })).toBeVisible();
  await shoot(tess, 'portal');
  await context.close();

  // The supporter's receipt and statement name the charity with its registration number.
  expect(receipt!.text).toContain(`Registration number (EIN or national charity number): ${REGISTRATION}`);
  expect(receipt!.text).toContain(`Recipient: ${charityName} Inc.`);
  expect(receipt!.text).toContain('No goods or services were provided in return for this gift.');
  const year = new Date().getUTCFullYear();
  const statement = await request.get(`/api/me/statements/${year}.pdf`, { headers: bearer(supporterToken) });
  expect(statement.status()).toBe(200);
  const text = await pdfText(await statement.body());
  expect(text).toContain(`Recipient: ${charityName} Inc.`);
  expect(text).toContain(`Registration number (EIN or national charity number): ${REGISTRATION}`);
  await signIn(page, supporter.email, supporter.password);
  await page.goto('/user/my-profile');
  await expect(page.getByLabel(/E-mail my giving statement each January/)).toBeChecked();
  await shoot(page, 'profile-statement-choice');
});
