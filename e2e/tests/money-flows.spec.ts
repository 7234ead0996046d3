import type { Locator, Page } from '@playwright/test';
import { addNewCard, demo, expect, login, registerUser, signIn, test, waitForSessionChecked, type TestUser } from '../fixtures';
import { accessToken, bearer, liveCampaign, mailTo, saveCard } from './campaign-helpers';

/*
 * Money after the pledge (issue 10's finished result): the supporter sees a charged pledge and its
 * receipt with the breakdown; a card that saves but declines at charge shows "Update payment method", and
 * the new card's retry charges it; a creator who closes a live campaign is refunded less the fees.
 * Setup that is not the subject (creating, funding, approving, charging) goes through the API.
 */

/** The pledge card of `campaignName` on My Pledges (every pledge listed, not only the first ones). */
async function pledgeCardOn(page: Page, campaignName: string): Promise<Locator> {
  await page.goto('/user/pledges');
  await waitForSessionChecked(page);
  await expect(page.getByRole('heading', { name: 'My Pledges' })).toBeVisible();
  const showAll = page.getByRole('button', { name: /^Show all/ });
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: campaignName, exact: true }) });
  await expect(card.or(showAll).first()).toBeVisible();
  if (await showAll.isVisible()) await showAll.click();
  await expect(card).toHaveCount(1);
  return card;
}

test('charged pledges show as charged with a receipt; a declined card shows "Update payment method" and the retry with a new card charges', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow(); // A charge run, a decline, a new card and the retry.
  const campaign = await liveCampaign(request, `Harbour Swim ${Date.now()}`);

  // Supporter one pledges $40 with a 10% tip on a card that charges.
  const payer: TestUser = await registerUser(request);
  const payerToken = await accessToken(request, payer.email, payer.password);
  const payerCard = await saveCard(request, payerToken, '4242 4242 4242 4242');
  const pledged = await request.post(`/api/events/${campaign.id}/pledges`, {
    headers: bearer(payerToken),
    data: { amount: 40, tip_percent: 10, cover_fees: false, anonymous: false, message: '', payment_method_id: payerCard },
  });
  expect(pledged.status(), await pledged.text()).toBe(201);

  // Supporter two pledges in the dialog with the insufficient-funds card: it saves, and declines only at charge.
  const decliner = await registerUser(page);
  await signIn(page, decliner.email, decliner.password);
  await page.goto(`/events/${campaign.id}`);
  await page.getByRole('button', { name: 'Pledge Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Pledge to ${campaign.name}` });
  await dialog.getByLabel('Pledge amount (USD)').fill('30');
  await addNewCard(page, dialog, { holder: decliner.name, number: '4000000000009995' });
  await expect(dialog.getByRole('radio', { name: /9995/ })).toBeChecked();
  await dialog.getByRole('button', { name: /^Confirm pledge of/ }).click();
  await expect(page.getByRole('dialog', { name: 'Pledge saved' })).toBeVisible();

  // The creator completes; the admin charges; the run ends with the funding and one pledge charged, one failed.
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
    .toEqual({ charged: 2, failed: 1 });

  // Supporter one sees the pledge charged, and the receipt with the breakdown:
  // $40 + $4 tip = $44.00; platform fee 3% $1.20; card fee 2.9% + $0.30 of $44 = $1.58; charity $37.22.
  const payerContext = await browser.newContext({ baseURL });
  const payerPage = await payerContext.newPage();
  await login(payerPage, payer.email, payer.password);
  const charged = await pledgeCardOn(payerPage, campaign.name);
  await expect(charged.getByText('Charged', { exact: true })).toBeVisible();
  // Charged, but no payout has included it yet: it is not called passed on.
  await expect(charged.getByText("Charged. $37.22 of it is for the charity; it is passed on with the charity's next payout.")).toBeVisible();
  const receipt = await mailTo(request, payer.email, `Receipt: your pledge to "${campaign.name}" was charged`);
  for (const line of [
    'Your card was charged $44.00',
    'Pledge: $40.00',
    'Tip to the platform: $4.00',
    'Total charged: $44.00',
    'Platform fee: $1.20',
    'Card processing fee: $1.58',
    'Reaches the charity: $37.22',
  ]) {
    expect(receipt.text).toContain(line);
  }
  await payerContext.close();

  // Supporter two: failed with the reason and "Update payment method"; the e-mail links to that pledge's Update payment method.
  const failedMail = await mailTo(request, decliner.email, `Your pledge to "${campaign.name}" could not be charged`);
  expect(failedMail.text).toContain('Your card has insufficient funds.');
  const updateLink = /\/user\/pledges\?update=[0-9a-f-]{36}(?= )/.exec(failedMail.text)?.[0];
  expect(updateLink).toBeTruthy();
  const failed = await pledgeCardOn(page, campaign.name);
  await expect(failed.getByText('Payment failed', { exact: true })).toBeVisible();
  await expect(failed.getByText('Your card has insufficient funds.')).toBeVisible();
  // The e-mail's link opens this pledge's Update payment method straight away.
  await page.goto(updateLink!);
  const update = page.getByRole('dialog', { name: 'Update payment method' });
  await expect(update).toBeVisible();
  await addNewCard(page, update, { holder: decliner.name, number: '4242424242424242' });
  await expect(update.getByRole('radio', { name: /4242/ })).toBeChecked();
  await update.getByRole('button', { name: 'Use this payment method' }).click();
  // The charge went through: the dialog closes by itself and the page says so.
  await expect(update).toBeHidden();
  await expect(page.getByText('Your payment method was charged. Thank you!')).toBeVisible();
  await expect(failed.getByText('Charged', { exact: true })).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Update payment method' })).toHaveCount(0);
  await mailTo(request, decliner.email, `Receipt: your pledge to "${campaign.name}" was charged`);
});

test('a creator who closes a live campaign is refunded less the card fee and 5%, and the supporters are released', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow(); // A campaign closed by its creator, with supporters' pledges released and a refund.
  const campaign = await liveCampaign(request, `Lighthouse Run ${Date.now()}`);
  const supporter = await registerUser(request);
  const supporterToken = await accessToken(request, supporter.email, supporter.password);
  const card = await saveCard(request, supporterToken, '4242 4242 4242 4242');
  const pledged = await request.post(`/api/events/${campaign.id}/pledges`, {
    headers: bearer(supporterToken),
    data: { amount: 25, tip_percent: 0, cover_fees: false, anonymous: false, message: '', payment_method_id: card },
  });
  expect(pledged.status(), await pledged.text()).toBe(201);

  // The creator closes it from the edit page reached through My Events: the confirmation states the money first.
  await signIn(page, demo.ava.email, demo.ava.password);
  await page.goto('/user/events');
  await waitForSessionChecked(page);
  await page.getByRole('link', { name: `Edit ${campaign.name}` }).click();
  // Close is an action of its own now, not a choice of the Status select.
  await expect(page.getByRole('combobox', { name: 'Status' }).getByRole('option', { name: 'Closed' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close campaign' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close this campaign?' });
  await expect(
    confirm.getByText('Your refund: $91.80 of your $100.00 funding goes back to your card; $8.20 is kept (the card fee, the refund fee and 5%).'),
  ).toBeVisible();
  await expect(confirm.getByText('1 pledge ($25.00) released: nobody is charged for it.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Close campaign' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Campaign closed')).toBeVisible();
  await expect(
    page.getByText(/This campaign is closed and can no longer be edited\. Your own pledge is refunded to your payment method less the card fee/),
  ).toBeVisible();

  // $100 funding, card fee $3.20, refund fee $0, 5% $5.00: $91.80 back to the card.
  const refund = await mailTo(request, demo.ava.email, `Refund for "${campaign.name}"`);
  expect(refund.text).toContain('Refunded to your card: $91.80');
  expect(refund.text).toContain('Kept (card fee, refund fee and 5%): $8.20');
  const funding = await pledgeCardOn(page, campaign.name);
  await expect(funding.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(funding.getByText('$91.80 of your $100.00 pledge refunded to your payment method.')).toBeVisible();

  // The supporter's pledge is released uncharged.
  const supporterContext = await browser.newContext({ baseURL });
  const supporterPage = await supporterContext.newPage();
  await login(supporterPage, supporter.email, supporter.password);
  const released = await pledgeCardOn(supporterPage, campaign.name);
  await expect(released.getByText('Released', { exact: true })).toBeVisible();
  await supporterContext.close();
});

test('a creator who completes a live campaign is told first how many pledges and how much will be charged', async ({ page, request }) => {
  const campaign = await liveCampaign(request, `Harbour Swim ${Date.now()}`);
  for (const amount of [25, 40]) {
    const supporter = await registerUser(request);
    const token = await accessToken(request, supporter.email, supporter.password);
    const card = await saveCard(request, token, '4242 4242 4242 4242');
    const pledged = await request.post(`/api/events/${campaign.id}/pledges`, {
      headers: bearer(token),
      data: { amount, tip_percent: 0, cover_fees: false, anonymous: false, message: '', payment_method_id: card },
    });
    expect(pledged.status(), await pledged.text()).toBe(201);
  }

  await signIn(page, demo.ava.email, demo.ava.password);
  await page.goto(`/user/event/edit/${campaign.id}`);
  await waitForSessionChecked(page);
  await expect(page.getByRole('combobox', { name: 'Status' }).getByRole('option', { name: 'Completed' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Complete campaign' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark this campaign complete?' });
  await expect(confirm.getByText('2 pledges to charge: $65.00, when an admin confirms the charge.')).toBeVisible();
  // $100 funding less the card fee $3.20 and 5% $5.00.
  await expect(
    confirm.getByText(
      'Your funding of $100.00, charged at submission, passes $91.80 on to the charity (less its card fee and the 5% platform fee); it is not charged again.',
    ),
  ).toBeVisible();
  // Nothing has happened yet: the campaign is still live.
  const before = await request.get(`/api/events/${campaign.id}/manage`, { headers: bearer(campaign.avaToken) });
  expect((await before.json()).status).toBe('approved');
  await confirm.getByRole('button', { name: 'Mark complete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Campaign marked complete. An admin will now charge its pledges.')).toBeVisible();
  await expect(page.getByText(/This campaign is marked complete and can no longer be edited/)).toBeVisible();
});
