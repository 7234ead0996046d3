import { demoCampaign, expect, expectNoAxeViolations, registerUser, signIn, test } from '../fixtures';
import { accessToken, createCampaignByApi } from './campaign-helpers';

test.describe('closing an account', () => {
  test('with nothing outstanding the account is deleted at once', async ({ page }) => {
    const user = await registerUser(page);
    await signIn(page, user.email, user.password);
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

    await signIn(page, user.email, user.password);
    await page.goto('/site/closeaccount');
    await expect(page.getByText('Nothing is outstanding: your account will be deleted as soon as you confirm.')).toBeVisible();
    await page.getByLabel('Your password').fill(user.password);
    await page.getByRole('button', { name: 'Close my account' }).click();
    await expect(page.getByText('Your account has been closed and your personal data deleted.')).toBeVisible();
    expect((await request.post('/api/site/login', { data: { email: user.email, password: user.password } })).status()).toBe(401);
    expect((await request.get(`/api/events/show/${event.id}`)).status()).toBe(404);
  });

  test('with pending pledges the closure waits, and can be withdrawn', async ({ page, request }) => {
    // A supporter of its own (the demo accounts serve other specs at the same time) with a pledge
    // still pending on a live campaign: the account must stay until that campaign finishes.
    const supporter = await registerUser(request);
    const headers = { authorization: `Bearer ${await accessToken(request, supporter.email, supporter.password)}` };
    const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
    const tokenized = await request.post('/api/sandbox/cards', {
      headers,
      data: { holder_name: supporter.name, number: '4242 4242 4242 4242', expiry: `11/${nextYear}`, cvv: '123' },
    });
    expect(tokenized.status(), await tokenized.text()).toBe(201);
    const card = await request.post('/api/payment-methods', { headers, data: { token: (await tokenized.json()).token } });
    expect(card.status(), await card.text()).toBe(201);
    const campaign = await demoCampaign(request, 'event');
    const pledged = await request.post(`/api/events/${campaign._id}/pledges`, {
      headers,
      data: { amount: 20, tip_percent: 0, payment_method_id: ((await card.json()).data as { id: string }).id },
    });
    expect(pledged.status(), await pledged.text()).toBe(201);

    await signIn(page, supporter.email, supporter.password);
    await page.goto('/site/closeaccount');
    await expect(page.getByText('One of your pledges is still waiting for its campaign to finish.')).toBeVisible();
    await page.getByLabel('Your password').fill(supporter.password);
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
