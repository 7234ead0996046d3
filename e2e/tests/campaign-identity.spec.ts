import { expect, registerUser, test } from '../fixtures';
import { signIn } from './campaign-helpers';

test('an unverified user is sent through identity verification before the wizard', async ({ page }) => {
  const user = await registerUser(page);
  await signIn(page, user.email, user.password);
  await page.goto('/user/event/create');
  // The wizard's guard runs once the session is checked and its code has loaded: over 5 s on CI's two busy workers.
  await expect(page).toHaveURL(/\/user\/verify-identity\?next=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await page.getByRole('button', { name: 'Start verification' }).click();
  await expect(page.getByText('Sandbox verification')).toBeVisible();

  // A declined document first, as the sandbox guidance says.
  await page.getByLabel('Legal name').fill(user.name);
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Document number').fill('0000123456');
  await page.getByRole('button', { name: 'Verify my identity' }).click();
  await expect(page.getByText('The document could not be verified')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();

  await page.getByLabel('Legal name').fill(user.name);
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Document number').fill('P12345678');
  await page.getByRole('button', { name: 'Verify my identity' }).click();
  await expect(page).toHaveURL(/\/user\/event\/create$/);
  // A brand-new account has no occupation or company yet: the profile comes next.
  await expect(page.getByText('Please complete your profile first to create an event')).toBeVisible();
});
