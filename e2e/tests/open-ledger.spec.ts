import type { APIRequestContext } from '@playwright/test';
import { demo, expect, registerUser, signIn, test } from '../fixtures';
import { accessToken, bearer, createCampaignByApi } from './campaign-helpers';

/*
 * The open ledger (issue 22, part 4): a visitor follows "See where the money goes" from a charged
 * campaign, sees the same raised total as the page, every movement with anonymous supporters kept
 * anonymous, and downloads the lines. Setup (campaign, pledges, charging) goes through the API.
 */

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function pledge(request: APIRequestContext, eventId: string, amount: number, anonymous: boolean) {
  const supporter = await registerUser(request);
  const token = await accessToken(request, supporter.email, supporter.password);
  const tokenized = await request.post('/api/sandbox/cards', {
    headers: bearer(token),
    data: { holder_name: supporter.name, number: '4242 4242 4242 4242', expiry: `11/${nextYear}`, cvv: '123' },
  });
  const saved = await request.post('/api/payment-methods', { headers: bearer(token), data: { token: (await tokenized.json()).token } });
  const cardId = ((await saved.json()).data as { id: string }).id;
  const pledged = await request.post(`/api/events/${eventId}/pledges`, {
    headers: bearer(token),
    data: { amount, tip_percent: 10, cover_fees: false, anonymous, message: '', payment_method_id: cardId },
  });
  expect(pledged.status(), await pledged.text()).toBe(201);
  return supporter;
}

/** A campaign of Ava's, funded, approved, pledged to by a named and an anonymous supporter, completed and charged. */
async function chargedCampaign(request: APIRequestContext, name: string) {
  const avaToken = await accessToken(request, demo.ava.email, demo.ava.password);
  const adminToken = await accessToken(request, demo.admin.email, demo.admin.password);
  const event = await createCampaignByApi(request, avaToken, { eventName: name, targetAmount: 500 });
  expect((await request.post('/api/events/payment', { headers: bearer(avaToken), data: { event_id: event.id, amount: 100, test_mode: true } })).status()).toBe(
    200,
  );
  expect((await request.post(`/api/admin/events/${event.id}/approve`, { headers: bearer(adminToken) })).status()).toBe(200);
  const named = await pledge(request, event.id, 40, false);
  const hidden = await pledge(request, event.id, 25, true);
  expect((await request.post(`/api/events/${event.id}/complete`, { headers: bearer(avaToken) })).status()).toBe(200);
  const started = await request.post(`/api/admin/events/${event.id}/charge`, { headers: bearer(adminToken) });
  expect(started.status(), await started.text()).toBe(201);
  const runId = (await started.json()).data._id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/admin/charge-runs/${runId}`, { headers: bearer(adminToken) })).json()).data.charged, { timeout: 60_000 })
    .toBe(3);
  return { id: event.id as string, named, hidden };
}

test('a visitor sees where a campaign’s money went, with the page’s total, anonymous supporters hidden, and downloads it', async ({ page, request }) => {
  test.slow(); // A campaign is funded, pledged to and charged first.
  const name = `Open Books Swim ${Date.now()}`;
  const campaign = await chargedCampaign(request, name);

  await page.goto(`/events/${campaign.id}`);
  const raised = (await page
    .getByText(/ raised of /)
    .locator('..')
    .locator('span')
    .first()
    .textContent())!.trim();
  await page.getByRole('link', { name: 'See where the money goes' }).click();
  await expect(page.getByRole('heading', { name: 'Where the money goes' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();

  const raisedFact = page.getByRole('definition').filter({ hasText: /^\$/ }).first();
  await expect(raisedFact).toHaveText(raised);
  const table = page.getByRole('table', { name: "Every movement of the campaign's money, newest first" });
  // The header, then the funding's charge and settlement and the two pledges' charges: nothing is left pending.
  await expect(table.getByRole('row')).toHaveCount(1 + 4);
  await expect(table.getByRole('cell', { name: campaign.named.name })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Anonymous', exact: true })).toBeVisible();
  await expect(page.getByText(campaign.hidden.name)).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^campaign-money-.+\.csv$/);
});

test('a supporter downloads the giving statement of the year their pledge was charged', async ({ page, request }) => {
  test.slow(); // A campaign is funded, pledged to and charged first.
  const campaign = await chargedCampaign(request, `Statement Swim ${Date.now()}`);
  const year = new Date().getUTCFullYear();

  await signIn(page, campaign.named.email, campaign.named.password);
  await page.goto('/user/statements');
  await expect(page.getByRole('heading', { name: 'Giving Statements' })).toBeVisible();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: String(year) }) });
  // $40 pledged with a $4 tip: the tip is listed apart.
  await expect(card.getByText('$40.00')).toBeVisible();
  await expect(card.getByText('$4.00')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: `Download ${year} PDF` }).click();
  expect((await downloading).suggestedFilename()).toBe(`pledgeway-giving-statement-${year}.pdf`);
});
