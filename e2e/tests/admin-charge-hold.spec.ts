import { demo, demoCampaign, expect, expectNoAxeViolations, login, test } from '../fixtures';
import { accessToken } from './campaign-helpers';

/** The admin's hold on a crowdfunding campaign's deadline charge (decision 068), from the campaigns screen. */
test('an admin holds a crowdfunding campaign for review and lifts the hold', async ({ page, request }) => {
  test.slow(); // Two console pages, an axe check of the dialog and the audit log: 27 s alone on this machine (2026-11-26), past 30 s beside another worker.
  const { _id: id, name } = await demoCampaign(request, 'crowdfunding');
  // A retry starts without the hold an interrupted first attempt may have left.
  const asAdmin = { headers: { authorization: `Bearer ${await accessToken(request, demo.admin.email, demo.admin.password)}` } };
  const left = await request.get(`/api/admin/events/${id}/charge-hold`, asAdmin);
  expect(left.status()).toBe(200);
  if ((await left.json()).data) expect((await request.delete(`/api/admin/events/${id}/charge-hold`, asAdmin)).status()).toBe(200);

  await login(page, demo.admin.email, demo.admin.password);
  // Searched by name: campaigns other specs create and approve must not push it off the first page.
  await page.goto(`/admin/campaigns?kind=crowdfunding&status=approved&q=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ hasText: name });

  await row.getByRole('button', { name: /^Charge hold/ }).click();
  const dialog = page.getByRole('dialog', { name: `Charge hold: ${name}` });
  await expect(dialog.getByText(/Without a hold, every pledge is charged at the deadline/)).toBeVisible();
  await dialog.getByLabel('Reason (optional, kept in the audit log)').fill('Checking the charity registration');
  await expectNoAxeViolations(page, { include: ['[role="dialog"]'] });
  await dialog.getByRole('button', { name: 'Hold for review' }).click();
  await expect(page.getByText('Charging is on hold: nothing will be charged until you release it')).toBeVisible();
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: /^Charge hold/ }).click();
  await expect(
    dialog.getByText(/Checking the charity registration\. At the deadline pledging closes and nothing is charged until you lift the hold\./),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Lift hold' }).click();
  await expect(page.getByText('The hold is lifted')).toBeVisible();

  await page.goto('/admin/audit');
  await expect(page.getByText('event.charge_hold').first()).toBeVisible();
});
