import type { APIRequestContext } from '@playwright/test';
import { demo, expect, registerUser, test } from '../fixtures';
import { accessToken, bearer, liveCampaign, mailTo, newCharity } from './campaign-helpers';

/*
 * Issue 19's finished result: every money event is told to the person it concerns (a close
 * releases each supporter's pledge with an e-mail, the creator's funding has a receipt), and a
 * completed campaign's page shows what was charged and what reached the charity after a payout.
 * Each test makes its own charity, campaign and supporters.
 */

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** A charity of this test's own: no other spec pays it out or puts it on Connect. */
async function quietCharity(request: APIRequestContext): Promise<{ _id: string; name: string }> {
  const adminToken = await accessToken(request, demo.admin.email, demo.admin.password);
  const name = `Quiet Harbour ${Date.now()}`;
  return { _id: await newCharity(request, adminToken, name), name };
}

/** A new supporter's pending pledge on a saved 4242 card. */
async function pledge(request: APIRequestContext, eventId: string, amount: number) {
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
    data: { amount, tip_percent: 0, cover_fees: false, anonymous: false, message: '', payment_method_id: cardId },
  });
  expect(pledged.status(), await pledged.text()).toBe(201);
  return supporter;
}

test('funding is receipted, and a close tells both supporters that their pledges were released uncharged', async ({ request }) => {
  const charity = await quietCharity(request);
  const campaign = await liveCampaign(request, `Canal Paddle ${Date.now()}`, charity._id);
  const receipt = await mailTo(request, demo.ava.email, `Receipt: your funding of "${campaign.name}" was charged`);
  expect(receipt.text).toContain('Your payment method was charged $100.00');
  expect(receipt.text).toContain('Card processing fee: $3.20');
  expect(receipt.text).toContain(`$91.80 goes to ${charity.name}`);

  const first = await pledge(request, campaign.id, 30);
  const second = await pledge(request, campaign.id, 45);
  const closed = await request.post(`/api/events/${campaign.id}/close`, { headers: bearer(campaign.avaToken) });
  expect(closed.status(), await closed.text()).toBe(200);
  for (const [supporter, amount] of [
    [first, '$30.00'],
    [second, '$45.00'],
  ] as const) {
    const released = await mailTo(request, supporter.email, `Your pledge to "${campaign.name}" was released`);
    expect(released.text).toContain(`"${campaign.name}" was closed by its creator, so your pledge of ${amount} was released.`);
    expect(released.text).toContain('Nothing was charged to your payment method, and nothing will be.');
  }
});

test("a completed campaign's page shows what was charged and, after a payout, what was passed on to the charity", async ({ page, request }) => {
  const charity = await quietCharity(request);
  const campaign = await liveCampaign(request, `Moor Walk ${Date.now()}`, charity._id);
  await pledge(request, campaign.id, 40);

  const completed = await request.post(`/api/events/${campaign.id}/complete`, { headers: bearer(campaign.avaToken) });
  expect(completed.status(), await completed.text()).toBe(200);
  const started = await request.post(`/api/admin/events/${campaign.id}/charge`, { headers: bearer(campaign.adminToken) });
  expect(started.status(), await started.text()).toBe(201);
  const runId = (await started.json()).data._id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/admin/charge-runs/${runId}`, { headers: bearer(campaign.adminToken) })).json()).data.status, {
      timeout: 20_000,
    })
    .toBe('finished');

  // $100 funding + $40 pledge charged. For the charity: $91.80 of the funding, and $40 less 3% ($1.20) and the card fee ($1.46): $37.34.
  await page.goto(`/events/${campaign.id}`);
  const block = page.getByRole('region', { name: `Beneficiary: ${charity.name}` });
  await expect(page.getByText('Campaign completed').first()).toBeVisible();
  await expect(block.getByRole('definition').nth(0)).toHaveText('$140.00');
  await expect(block.getByRole('definition').nth(1)).toHaveText('$129.14');
  await expect(block.getByRole('definition').nth(2)).toHaveText('$0.00');
  await expect(block.getByText(`Not passed on yet: it goes to ${charity.name} with its next payout.`)).toBeVisible();
  await expect(page.getByText('Charged pledges, less fees, are passed on to this charity.')).toHaveCount(0);

  // The admin pays the charity everything it is owed: this campaign's money is in it.
  const payouts = (await (await request.get('/api/admin/payouts', { headers: bearer(campaign.adminToken) })).json()).data.charities as {
    charity_id: string;
    payable: number;
  }[];
  const owed = payouts.find((row) => row.charity_id === charity._id)!.payable;
  const paid = await request.post('/api/admin/payouts', {
    headers: bearer(campaign.adminToken),
    data: { charity_id: charity._id, amount: owed, reference: `E2E-${Date.now()}`, paid_on: new Date().toISOString().slice(0, 10) },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // Loaded at once: the server may send the page it rendered before the payout (decision 105), and
  // then says so, and the page asks for the campaign again once it has hydrated.
  await page.reload();
  await expect(block.getByRole('definition').nth(2)).toHaveText('$129.14');
  await expect(block.getByText(`All of it has been passed on to ${charity.name}.`)).toBeVisible();
  await page.goto('/charities');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: charity.name, exact: true }) });
  await expect(card.getByText(/^Passed on through Pledgeway:/)).not.toHaveText('Passed on through Pledgeway: $0.00');
});
