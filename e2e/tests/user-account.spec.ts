import { demo, expect, expectNoAxeViolations, login, registerUser, test } from '../fixtures';
import { accessToken, createCampaignByApi } from './campaign-helpers';

test.describe('closing an account', () => {
  test('with nothing outstanding the account is deleted at once', async ({ page }) => {
    const user = await registerUser(page);
    await login(page, user.email, user.password);
    await page.goto('/site/closeaccount');
    await expect(page.getByText('Nothing is outstanding: your account will be deleted as soon as you confirm.')).toBeVisible();
    await expectNoAxeViolations(page, { include: ['main'] });
    await page.getByRole('button', { name: 'Close my account' }).click();
    await expect(page.getByText('Enter your password or type CLOSE to confirm')).toBeVisible();
    await page.getByLabel('Or type CLOSE').fill('CLOSE');
    await page.getByRole('button', { name: 'Close my account' }).click();
    await expect(page.getByText('Your account has been closed and your personal data deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Practice Campaign' }).last()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Campaign' }).last()).toBeVisible();

    const again = await page.request.post('/api/site/login', { data: { email: user.email, password: user.password } });
    expect(again.status()).toBe(401);
  });

  test('a creator whose campaigns all await review closes the account in one go', async ({ page, request }) => {
    test.slow(); // Campaigns created, then the account closed.
    const user = await registerUser(request);
    const token = await accessToken(request, user.email, user.password);
    const headers = { authorization: `Bearer ${token}` };
    // Verified through the sandbox identity provider, profile completed, one campaign funded in test mode.
    const session = await (await request.post('/api/identity/session', { headers, data: { next: '/user/event/create' } })).json();
    const verified = await request.post(`/api/identity/sandbox/sessions/${session.session_id}/verify`, {
      headers,
      data: { legalName: user.name, dateOfBirth: '1990-05-17', documentNumber: 'P12345678' },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    const profile = await request.put('/api/users/update', {
      headers,
      multipart: { name: user.name, email: user.email, occupation: 'Teacher', company_name: 'Lincoln Elementary' },
    });
    expect(profile.status(), await profile.text()).toBe(200);
    const event = await createCampaignByApi(request, token, {
      hostData: { fullName: user.name, email: user.email, occupation: 'Teacher', companyName: '', aboutYou: '' },
    });
    const funded = await request.post('/api/events/payment', { headers, data: { event_id: event.id, amount: 100, test_mode: true } });
    expect(funded.status(), await funded.text()).toBe(200);

    await login(page, user.email, user.password);
    await page.goto('/site/closeaccount');
    await expect(page.getByText('Nothing is outstanding: your account will be deleted as soon as you confirm.')).toBeVisible();
    await page.getByLabel('Your password').fill(user.password);
    await page.getByRole('button', { name: 'Close my account' }).click();
    await expect(page.getByText('Your account has been closed and your personal data deleted.')).toBeVisible();
    expect((await request.post('/api/site/login', { data: { email: user.email, password: user.password } })).status()).toBe(401);
    expect((await request.get(`/api/events/show/${event.id}`)).status()).toBe(404);
  });

  test('with pending pledges the closure waits, and can be withdrawn', async ({ page }) => {
    // Ben's seeded pledges are still pending; the account must stay until their campaigns finish.
    await login(page, demo.ben.email, demo.ben.password);
    await page.goto('/site/closeaccount');
    await expect(page.getByText(/of your pledges (is|are) still waiting/)).toBeVisible();
    await page.getByLabel('Your password').fill(demo.ben.password);
    await page.getByRole('button', { name: 'Close my account' }).click();
    await expect(page.getByText('Your account will close once your campaigns and pledges are finished.')).toBeVisible();
    await expect(page.getByText('You asked to close this account. You can still change your mind.')).toBeVisible();

    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { name: 'Account Summary' })).toBeVisible();
    await page.goto('/site/closeaccount');
    await page.getByRole('button', { name: 'Keep my account' }).click();
    await expect(page.getByText('Your account will stay open.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close my account' })).toBeVisible();
  });
});
