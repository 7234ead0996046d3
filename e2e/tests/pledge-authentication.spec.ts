import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, readMailbox, registerUser, signIn, test, waitForSessionChecked, type TestUser } from '../fixtures';
import { accessToken, bearer, liveCampaign, saveCard } from './campaign-helpers';

/*
 * A pledge whose charge the bank asked to authenticate (decision 260): the failed-charge e-mail and
 * My Pledges lead to the on-site confirmation, which states the amount, the campaign and the card;
 * the sandbox's screen says plainly that no bank is asked; a failed check charges nothing, an
 * approval charges the pledge once. Setup that is not the subject (creating, funding, approving,
 * charging) goes through the API. Screenshots at 390 and 1440 px go to SHOTS_DIR.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/pledge-auth-shots';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const viewport = page.viewportSize()!;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewport);
}

test('a pledge whose bank asks for authentication is confirmed on the site from the e-mail and My Pledges, and charged once', async ({ page, request }) => {
  test.slow(); // A charge run, a failed check and an approval.
  const campaign = await liveCampaign(request, `River Run ${Date.now()}`);
  const supporter: TestUser = await registerUser(request);
  const token = await accessToken(request, supporter.email, supporter.password);
  const card = await saveCard(request, token, '4000 0027 6000 3184');
  const pledged = await request.post(`/api/events/${campaign.id}/pledges`, {
    headers: bearer(token),
    data: { amount: 30, tip_percent: 10, cover_fees: false, anonymous: false, message: '', payment_method_id: card },
  });
  expect(pledged.status(), await pledged.text()).toBe(201);
  const pledgeId = (await pledged.json()).data.pledge._id as string;

  expect((await request.post(`/api/events/${campaign.id}/complete`, { headers: bearer(campaign.avaToken) })).status()).toBe(200);
  const started = await request.post(`/api/admin/events/${campaign.id}/charge`, { headers: bearer(campaign.adminToken) });
  expect(started.status(), await started.text()).toBe(201);

  // The e-mail links to the confirmation, not only to a card update.
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await readMailbox(request, supporter.email)).find((sent) => sent.subject === `Your pledge to "${campaign.name}" could not be charged`);
        link = /https?:\/\/\S+\/user\/pledges\/[0-9a-f-]{36}\/authenticate/.exec(mail?.text ?? '')?.[0];
        return Boolean(link);
      },
      { timeout: 60_000, message: 'the failed-charge e-mail with the confirmation link' },
    )
    .toBe(true);
  expect(new URL(link!).pathname).toBe(`/user/pledges/${pledgeId}/authenticate`);

  // My Pledges offers the same confirmation beside the card update.
  await signIn(page, supporter.email, supporter.password);
  await page.goto('/user/pledges');
  await waitForSessionChecked(page);
  const pledgeCard = page.getByRole('article').filter({ has: page.getByRole('link', { name: campaign.name, exact: true }) });
  await expect(pledgeCard.getByRole('link', { name: 'Confirm with my bank' })).toBeVisible();
  await expect(pledgeCard.getByRole('button', { name: 'Update payment method' })).toBeVisible();
  await shoot(page, '1-my-pledges');
  await pledgeCard.getByRole('link', { name: 'Confirm with my bank' }).click();

  await expect(page).toHaveURL(new RegExp(`/user/pledges/${pledgeId}/authenticate$`));
  const facts = page.locator('dl');
  await expect(facts).toContainText(campaign.name);
  await expect(facts).toContainText('$33.00 ($30.00 pledge, $3.00 tip to Pledgeway)');
  await expect(facts).toContainText('Visa •••• 3184');
  await expect(facts).toContainText('Waiting for your bank’s confirmation; nothing charged yet');
  await expect(page.getByText(/no real bank is asked and no card is charged for real/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, '2-confirm-page');

  await page.getByRole('button', { name: 'Fail the check' }).click();
  await expect(page.getByText('Your bank did not confirm the payment, so nothing was charged.', { exact: false })).toBeVisible();
  await shoot(page, '3-check-failed');

  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByText(`Thank you! Your card was charged $33.00 for your pledge to "${campaign.name}".`)).toBeVisible();
  await expect(facts).toContainText('Charged on');
  await expect(page.getByRole('button', { name: 'Approve payment' })).toHaveCount(0);
  await shoot(page, '4-charged');

  // A second confirm, as a retried request would send it, charges nothing more.
  const again = await request.post(`/api/pledges/${pledgeId}/authenticate`, { headers: bearer(token), data: { sandbox_outcome: 'approve' } });
  expect((await again.json()).message).toBe(`Your pledge to "${campaign.name}" was already charged ($33.00); nothing more was charged.`);
  await page.goto('/user/pledges');
  await expect(pledgeCard.getByText('Charged', { exact: true })).toBeVisible();
  await expect(pledgeCard.getByRole('link', { name: 'Confirm with my bank' })).toHaveCount(0);
});
