import { type APIRequestContext, type Page } from '@playwright/test';
import { createPng, demo, expect, readMailbox, signIn, test } from '../fixtures';
import { isoDaysFromNow } from './campaign-helpers';

/*
 * The campaign life cycle driven from the admin console: reject with a reason (the creator is
 * e-mailed, edits and resubmits), approve (the campaign is public), freeze ("Event Frozen"),
 * unfreeze, charge the completed campaign to 100%, mark the charity's payout paid, and find every
 * step in the audit log. It needs the life-cycle, charging and payout endpoints of the money work
 * (POST /api/admin/events/{id}/approve|reject|freeze|unfreeze|charge, GET /api/admin/charge-runs/{id},
 * GET|POST /api/admin/payouts, POST /api/events/{id}/complete).
 */
// A whole life cycle through the console, charge run and payout included: slow by nature (three
// times the default, as test.slow() gives; 42 s measured on a machine at load 13).
test.describe.configure({ timeout: 90_000 });

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/site/login', { data: { email, password } });
  return (await response.json()).user.accessToken as string;
}

async function createPendingCampaign(request: APIRequestContext, token: string) {
  const charities = await (await request.get('/api/charities')).json();
  const name = `Lantern Walk ${Date.now()}`;
  const response = await request.post('/api/events/create', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      eventName: name,
      description: 'An evening lantern walk along the river for the food bank.',
      categories: 'Community',
      targetAmount: 100,
      bannerImage: createPng(200, 150).buffer.toString('base64'),
      aboutEventHost: 'Organizer',
      hostData: { fullName: demo.ava.name, email: demo.ava.email, occupation: 'Organizer', companyName: 'Riverside Runners', aboutYou: '' },
      locationType: 'physical',
      eventDate: isoDaysFromNow(12),
      eventTime: '19:00',
      eventLocation: 'River path',
      onlineEventLink: '',
      guestData: [
        {
          about: 'Guide',
          fullName: 'Nina Park',
          email: 'nina@example.com',
          occupation: 'Guide',
          companyName: '',
          aboutParticipant: 'Leads the walk.',
          profileImage: '',
        },
      ],
      paymentAmount: 100,
      charityId: charities[0].charities[0]._id,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const event = (await response.json()).event as { id: string };
  // The creator's funding: a real sandbox charge in test mode, held in escrow until the charge run.
  const funding = await request.post('/api/events/payment', {
    headers: { authorization: `Bearer ${token}` },
    data: { event_id: event.id, amount: 100, test_mode: true },
  });
  expect(funding.status(), await funding.text()).toBe(200);
  return { id: event.id, name, charityName: charities[0].charities[0].name as string };
}

async function openConsolePage(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: label, exact: true }).click();
}

test('reject, resubmit, approve, freeze, unfreeze, charge to 100% and pay out, every step audited', async ({ page, browser, request }) => {
  const avaToken = await tokenOf(request, demo.ava.email, demo.ava.password);
  const campaign = await createPendingCampaign(request, avaToken);

  // Reject with a reason from the review queue.
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/admin/reviews/${campaign.id}`);
  await expect(page.getByRole('heading', { name: campaign.name })).toBeVisible();
  await expect(page.getByText('Approve', { exact: true }).first()).toBeVisible();
  await page.keyboard.press('r');
  const reject = page.getByRole('dialog', { name: 'Reject this campaign' });
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(reject.getByText('Please give a reason')).toBeVisible();
  await reject.getByLabel('Reason').fill('Please add the route map and the food bank’s letter.');
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(reject).toBeHidden();

  // The creator is e-mailed the reason, edits the campaign and submits it again.
  await expect
    .poll(async () => (await readMailbox(request, demo.ava.email)).some((mail) => mail.text.includes('Please add the route map')), { timeout: 30_000 })
    .toBe(true);
  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await signIn(creator, demo.ava.email, demo.ava.password);
  await creator.goto(`/user/event/edit/${campaign.id}`);
  await creator.getByLabel('Event name').fill(`${campaign.name} (route map added)`);
  await creator.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(creator.getByText('Successfully Updated')).toBeVisible();

  // Back in the queue: approve with the keyboard; it is public on /events.
  await page.goto(`/admin/reviews/${campaign.id}`);
  await expect(page.getByRole('heading', { name: `${campaign.name} (route map added)` })).toBeVisible();
  await page.keyboard.press('a');
  await expect(page.getByText('Campaign approved')).toBeVisible();
  await creator.goto('/events');
  await expect(creator.getByText(`${campaign.name} (route map added)`).first()).toBeVisible();

  // Freeze with a reason: the public Pledge button reads "Event Frozen"; unfreeze brings it back.
  await openConsolePage(page, 'Campaigns');
  await page.getByRole('searchbox', { name: 'Search' }).fill(campaign.name);
  const row = page.getByRole('row').filter({ hasText: campaign.name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Freeze/ }).click();
  await page.getByRole('dialog').getByLabel('Reason (optional)').fill('Checking a complaint');
  await page.getByRole('dialog').getByRole('button', { name: 'Freeze', exact: true }).click();
  await expect(row.getByText('Frozen')).toBeVisible();
  await creator.goto(`/events/${campaign.id}`);
  await expect(creator.getByRole('button', { name: 'Event Frozen' })).toBeDisabled();
  await row.getByRole('button', { name: /^Unfreeze/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unfreeze', exact: true }).click();
  await expect(row.getByText('Active')).toBeVisible();

  // The creator completes it; the admin charges it and watches the run reach 100%.
  const completed = await request.post(`/api/events/${campaign.id}/complete`, { headers: { authorization: `Bearer ${avaToken}` } });
  expect(completed.status(), await completed.text()).toBe(200);
  await openConsolePage(page, 'Charging');
  await page.getByRole('button', { name: `Charge ${campaign.name} (route map added)` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Charge now' }).click();
  await expect(page.getByRole('progressbar', { name: 'Charge run progress' })).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(page.getByText('finished').first()).toBeVisible();

  // The charity's payable is marked paid with a reference.
  await openConsolePage(page, 'Payouts');
  const payoutRow = page.getByRole('row').filter({ hasText: campaign.charityName });
  await payoutRow.getByRole('button', { name: /^Mark as paid/ }).click();
  const payDialog = page.getByRole('dialog');
  await payDialog.getByLabel('Reference').fill('BANK-REF-2026-001');
  await payDialog.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(payDialog).toBeHidden();
  await payoutRow.getByRole('button', { name: /^History/ }).click();
  await expect(page.getByText('BANK-REF-2026-001')).toBeVisible();

  // Every step is in the audit log.
  await openConsolePage(page, 'Audit log');
  await page.getByLabel('Target').fill(campaign.id);
  await page.getByRole('button', { name: 'Filter' }).click();
  for (const action of [/reject/, /approve/, /\.freeze/, /unfreeze/, /charge/]) {
    await expect(page.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
  }
  await page.getByLabel('Target').fill('');
  await page.getByLabel('Action').fill('payout');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'BANK-REF-2026-001' }).first()).toBeVisible();
  await creatorContext.close();
});
