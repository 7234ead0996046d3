import { demo, expect, readMailbox, registerUser, signIn, test, waitForSessionChecked } from '../fixtures';
import { accessToken, bearer, createCampaignByApi, saveCard } from './campaign-helpers';

/*
 * Matching pledges (decision 109): a sponsor offers a 2:1 match in the campaign page's dialog; the
 * page shows "Matched by {sponsor}: $X of $Y" and follows a supporter's pledge live; at completion
 * the match is charged for the pledge actually charged, and the receipt and My Pledges show it.
 * Setup that is not the subject (creating, funding, approving, pledging, charging) goes through the API.
 */

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

test('a sponsor offers a 2:1 match; the page shows it live, and it is charged at completion for the pledge charged', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow(); // A campaign, an offer, a pledge, a charge run with the match after it, and the receipt.
  const name = `Lakeside Relay ${Date.now()}`;
  const avaToken = await accessToken(request, demo.ava.email, demo.ava.password);
  const adminToken = await accessToken(request, demo.admin.email, demo.admin.password);
  const event = await createCampaignByApi(request, avaToken, { eventName: name, targetAmount: 500 });
  expect((await request.post('/api/events/payment', { headers: bearer(avaToken), data: { event_id: event.id, amount: 100, test_mode: true } })).status()).toBe(
    200,
  );
  expect((await request.post(`/api/admin/events/${event.id}/approve`, { headers: bearer(adminToken) })).status()).toBe(200);

  // The sponsor offers the match in the dialog, adding a card on the way.
  const sponsor = await registerUser(page);
  await signIn(page, sponsor.email, sponsor.password);
  await page.goto(`/events/${event.id}`);
  await page.getByRole('button', { name: 'Offer a match' }).click();
  const dialog = page.getByRole('dialog', { name: `Offer a match on ${name}` });
  await dialog.getByRole('radio', { name: '2:1 (every dollar doubled)' }).check();
  await dialog.getByLabel('Cap (USD)').fill('100');
  await dialog.getByLabel('Name shown on the campaign').fill('Harbour Bakery');
  await dialog.getByRole('button', { name: 'Add a new card' }).click();
  const cardDialog = page.getByRole('dialog', { name: 'Add New Card' });
  await cardDialog.getByLabel('Card holder name').fill(sponsor.name);
  await cardDialog.getByLabel('Card number').fill('4242424242424242');
  await cardDialog.getByLabel('Expiry date').fill(`12/${nextYear}`);
  await cardDialog.getByLabel('CVV').fill('123');
  await cardDialog.getByRole('button', { name: 'Save card' }).click();
  await expect(cardDialog).toBeHidden();
  await dialog.getByRole('button', { name: 'Offer a match of up to $100.00' }).click();
  const offered = page.getByRole('dialog', { name: 'Match offered' });
  await expect(
    offered.getByText('Your match is offered. Your card will be charged only when the event is completed, for the pledges actually charged.'),
  ).toBeVisible();
  await offered.getByRole('button', { name: 'Close', exact: true }).click();
  const match = page.getByTestId('campaign-match');
  await expect(match.getByText('Matched by Harbour Bakery: $0.00 of $100.00')).toBeVisible();
  const confirmation = (await readMailbox(request, sponsor.email)).find((mail) => mail.subject === `Your match on "${name}" is offered`);
  expect(confirmation?.text).toContain('2:1');

  // A supporter pledges $30: the open page follows through the live stream, 2 × $30 = $60.
  const supporter = await registerUser(request);
  const supporterToken = await accessToken(request, supporter.email, supporter.password);
  const pledged = await request.post(`/api/events/${event.id}/pledges`, {
    headers: bearer(supporterToken),
    data: { amount: 30, tip_percent: 0, payment_method_id: await saveCard(request, supporterToken) },
  });
  expect(pledged.status(), await pledged.text()).toBe(201);
  await expect(match.getByText('Matched by Harbour Bakery: $60.00 of $100.00')).toBeVisible();

  // The creator completes it, told beforehand the most the match can come to.
  const creatorContext = await browser.newContext({ baseURL });
  const creatorPage = await creatorContext.newPage();
  await signIn(creatorPage, demo.ava.email, demo.ava.password);
  await creatorPage.goto(`/user/event/edit/${event.id}`);
  await waitForSessionChecked(creatorPage);
  await creatorPage.getByRole('button', { name: 'Complete campaign' }).click();
  const confirm = creatorPage.getByRole('dialog', { name: 'Mark this campaign complete?' });
  await expect(
    confirm.getByText(
      "Matched by Harbour Bakery (2:1 up to $100.00): at most $60.00, worked out from the pledges actually charged and charged to the sponsor's card after them.",
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Mark complete' }).click();
  await expect(creatorPage.getByText('Campaign marked complete. An admin will now charge its pledges.')).toBeVisible();
  await creatorContext.close();

  // The charge: the funding, the pledge, then the match once the pledge's outcome is known.
  const started = await request.post(`/api/admin/events/${event.id}/charge`, { headers: bearer(adminToken) });
  expect(started.status(), await started.text()).toBe(201);
  const runId = (await started.json()).data._id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/admin/charge-runs/${runId}`, { headers: bearer(adminToken) })).json()).data.status, { timeout: 60_000 })
    .toBe('finished');
  await page.reload();
  await expect(match.getByText('Matched by Harbour Bakery: $60.00 of $100.00')).toBeVisible();
  await expect(match.getByText('Charged: given to the charity with the campaign’s pledges.')).toBeVisible();

  // The receipt: $60.00 charged; 3% $1.80; card fee 2.9% + $0.30 = $2.04; $56.16 to the charity.
  let receipt: { text: string } | undefined;
  await expect
    .poll(
      async () =>
        (receipt = (await readMailbox(request, sponsor.email)).find((mail) => mail.subject === `Receipt: your match on "${name}" was charged`)) !== undefined,
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  for (const line of ['Match: $60.00', 'Total charged: $60.00', 'Platform fee: $1.80', 'Card processing fee: $2.04', 'Reaches the charity: $56.16']) {
    expect(receipt!.text).toContain(line);
  }

  // My Pledges shows the charged match once: as its pledge's card, named a match, not again under Your matches.
  await page.goto('/user/pledges');
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card.getByText('$60.00 MATCH')).toBeVisible();
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId('my-match').filter({ hasText: name })).toHaveCount(0);
});
