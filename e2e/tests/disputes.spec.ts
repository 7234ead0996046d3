import { addNewCard, demo, expect, expectNoAxeViolations, readMailbox, registerUser, signIn, test, waitForSessionChecked } from '../fixtures';
import { bearer, liveCampaign } from './campaign-helpers';

/*
 * Disputes (issue 18, decision 093): a supporter pledges with Stripe's dispute test card
 * 4000 0000 0000 0259; once charged, the sandbox disputes the charge and its event reaches the app
 * as a webhook would. The supporter's pledge shows Disputed, the creator is e-mailed, and the admin
 * console lists the dispute, where the sandbox closes it as lost. Setup that is not the subject
 * (creating, funding, approving, completing, charging) goes through the API.
 */

interface ListedDispute {
  _id: string;
  amount: number;
  status: string;
  campaign: { name: string };
}

test('a pledge charged on the 0259 card is disputed, shown as Disputed, and listed in the admin console, where the sandbox closes it as lost', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow(); // A pledge through the dialog, a charge run, the dispute's webhook job and two signed-in browsers.
  const campaign = await liveCampaign(request, `Canal Paddle ${Date.now()}`);

  // The supporter pledges $30 in the dialog with the dispute test card: it saves and charges like any card.
  const supporter = await registerUser(page);
  await signIn(page, supporter.email, supporter.password);
  await page.goto(`/events/${campaign.id}`);
  await page.getByRole('button', { name: 'Pledge Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Pledge to ${campaign.name}` });
  await dialog.getByLabel('Pledge amount (USD)').fill('30');
  await addNewCard(page, dialog, { holder: supporter.name, number: '4000000000000259' });
  await expect(dialog.getByRole('radio', { name: /0259/ })).toBeChecked();
  await dialog.getByRole('button', { name: /^Confirm pledge of/ }).click();
  await expect(page.getByRole('dialog', { name: 'Pledge saved' })).toBeVisible();

  // The creator completes; the admin charges the funding and the pledge.
  const completed = await request.post(`/api/events/${campaign.id}/complete`, { headers: bearer(campaign.avaToken) });
  expect(completed.status(), await completed.text()).toBe(200);
  const started = await request.post(`/api/admin/events/${campaign.id}/charge`, { headers: bearer(campaign.adminToken) });
  expect(started.status(), await started.text()).toBe(201);

  // The sandbox's dispute event arrives shortly after the charge (a job, as Stripe's webhook would).
  let dispute: ListedDispute | undefined;
  await expect
    .poll(
      async () => {
        const listed = (await (await request.get('/api/admin/disputes', { headers: bearer(campaign.adminToken) })).json()).data.items as ListedDispute[];
        dispute = listed.find((item) => item.campaign.name === campaign.name);
        return dispute?.status;
      },
      { timeout: 30_000, message: 'the dispute of the 0259 charge is booked' },
    )
    .toBe('open');
  const disputed = `$${dispute!.amount.toFixed(2)}`;

  // The supporter's pledge shows Disputed on My Pledges.
  await page.goto('/user/pledges');
  await waitForSessionChecked(page);
  const showAll = page.getByRole('button', { name: /^Show all/ });
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: campaign.name, exact: true }) });
  await expect(card.or(showAll).first()).toBeVisible();
  if (await showAll.isVisible()) await showAll.click();
  await expect(card.getByText('Disputed', { exact: true })).toBeVisible();

  // The creator was told.
  const mails = await readMailbox(request, demo.ava.email);
  expect(mails.map((mail) => mail.subject)).toContain(`A pledge to "${campaign.name}" was disputed`);

  // The admin finds it in the console's Disputes list, with the SANDBOX actions.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin, demo.admin.email, demo.admin.password);
  await admin.goto('/admin/dashboard');
  await waitForSessionChecked(admin);
  await admin.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: 'Disputes' }).click();
  await expect(admin.getByRole('heading', { name: 'Disputes', level: 1 })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: campaign.name });
  await expect(row).toContainText(`${disputed} of ${disputed}`);
  await expect(row.getByText('Open', { exact: true })).toBeVisible();
  await expect(row).toContainText(supporter.name);
  await expect(admin.getByText(/the SANDBOX buttons close an open dispute/)).toBeVisible();
  await expectNoAxeViolations(admin, { include: ['main'] });

  await row.getByRole('button', { name: /^Close as lost/ }).click();
  await expect(admin.getByText('SANDBOX: the dispute was closed as lost')).toBeVisible();
  await expect(row.getByText('Lost', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Close as/ })).toHaveCount(0);
  await adminContext.close();

  // The supporter's pledge now shows the lost dispute.
  await page.reload();
  if (await showAll.isVisible()) await showAll.click();
  await expect(card.getByText('Dispute lost', { exact: true })).toBeVisible();
});
