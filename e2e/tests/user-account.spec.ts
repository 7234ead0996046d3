import { demo, expect, expectNoAxeViolations, login, registerUser, test } from '../fixtures';

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
