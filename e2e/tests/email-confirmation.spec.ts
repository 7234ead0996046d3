import { confirmationToken, demo, expect, login, registerUser, test } from '../fixtures';
import { accessToken, bearer, createCampaignByApi } from './campaign-helpers';

/*
 * Issue 19, part 14: a new account confirms its e-mail address before it may create a campaign.
 * It may browse and pledge meanwhile; the dashboard and Create Event say what is missing.
 */

test('an unconfirmed account is asked to confirm before creating a campaign, resends the link and confirms with it', async ({ page }) => {
  const user = await registerUser(page.request, undefined, { confirmEmail: false });
  await login(page, user.email, user.password);

  await page.goto('/user/dashboard');
  const notice = page.getByRole('region', { name: 'Confirm your e-mail address to create a campaign' });
  await expect(notice).toBeVisible();
  await expect(notice.getByText(user.email)).toBeVisible();

  // Create Event stops before any step and says why.
  await page.goto('/user/event/create');
  // The wizard's own code loads after the session check: over 5 s on CI's two busy workers, so 15 s for the first look.
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address to create a campaign' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);

  // A new link replaces the first one.
  const first = await confirmationToken(page.request, user.email);
  await page.getByRole('button', { name: 'Resend the link' }).click();
  await expect(page.getByText('We sent a new confirmation link to your e-mail address. It works for 48 hours.')).toBeVisible();
  await expect.poll(() => confirmationToken(page.request, user.email)).not.toBe(first);
  const second = await confirmationToken(page.request, user.email);

  await page.goto(`/confirm-email?token=${encodeURIComponent(first)}`);
  await expect(page.getByText('This confirmation link is invalid, already used or expired. Sign in and ask for a new one.')).toBeVisible();

  await page.goto(`/confirm-email?token=${encodeURIComponent(second)}`);
  await expect(page.getByText('Your e-mail address is confirmed. You can now create campaigns.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Account Summary' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Create Event goes on to the next requirement (identity verification).
  await page.goto('/user/event/create');
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address to create a campaign' })).toHaveCount(0);
  await expect(page).toHaveURL(/verify-identity/);
});

test('an unconfirmed account is told, instead of a form, that offering a match and starting a fundraising page wait for the link', async ({
  page,
  request,
}) => {
  const avaToken = await accessToken(request, demo.ava.email, demo.ava.password);
  const adminToken = await accessToken(request, demo.admin.email, demo.admin.password);
  const event = await createCampaignByApi(request, avaToken, { eventName: `Harbour Swim ${Date.now()}`, targetAmount: 500 });
  expect((await request.post('/api/events/payment', { headers: bearer(avaToken), data: { event_id: event.id, amount: 100, test_mode: true } })).status()).toBe(
    200,
  );
  expect((await request.post(`/api/admin/events/${event.id}/approve`, { headers: bearer(adminToken) })).status()).toBe(200);
  const user = await registerUser(page.request, undefined, { confirmEmail: false });
  await login(page, user.email, user.password);

  await page.goto(`/events/${event.id}`);
  await page.getByRole('button', { name: 'Offer a match' }).click();
  const dialog = page.getByRole('dialog', { name: /Offer a match on/ });
  await expect(dialog.getByRole('heading', { name: 'Confirm your e-mail address to offer a match' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resend the link' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Offer a match of up to|^Offer a match$/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await page.goto(`/user/fundraising-pages/new/${event.id}`);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address to start a fundraising page' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Start my page' })).toHaveCount(0);
});
