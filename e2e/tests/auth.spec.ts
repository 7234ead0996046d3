import { acceptAlerts, createPng, demo, expect, expectNoAxeViolations, login, loginThroughForm, newUser, registerUser, test, type TestUser } from '../fixtures';

async function fillRegisterForm(page: import('@playwright/test').Page, user: TestUser, confirm = user.password) {
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Re-type Password', { exact: true }).fill(confirm);
}

test.describe('sign-up and sign-in', () => {
  test('registers with the default avatar, logs in, stays signed in after a reload and logs out', async ({ page }) => {
    const user = newUser();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create Account', level: 1 })).toBeVisible();
    await fillRegisterForm(page, user);
    await page.getByLabel('Use the default avatar').check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Account created. Please login.' })).toBeVisible();

    await loginThroughForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    await page.reload();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('button', { name: 'LOGOUT' })).toBeVisible();

    await page.getByRole('button', { name: 'LOGOUT' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/user/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('registers with an uploaded, cropped image', async ({ page }) => {
    const user = newUser();
    await page.goto('/register');
    await fillRegisterForm(page, user);
    await page.locator('input[type="file"]').setInputFiles(createPng());
    const crop = page.getByRole('dialog', { name: 'Crop your profile picture' });
    await expect(crop).toBeVisible();
    await crop.getByRole('button', { name: 'Crop' }).click();
    await expect(crop).toBeHidden();
    await expect(page.getByRole('img', { name: 'Your profile picture preview' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await loginThroughForm(page, user.email, user.password);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const avatar = page.getByRole('menu').locator('img').first();
    await expect(avatar).toHaveAttribute('src', /\/uploads\//);
  });

  test('shows the form messages of docs/product.md#registration-form on register', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Please upload an image')).toBeVisible();

    const user = newUser();
    await fillRegisterForm(page, user, `${user.password}-different`);
    const alerts = acceptAlerts(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => alerts).toEqual(["Passwords don't match!"]);
    await expect(page.getByText("Passwords don't match!")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('refuses an image over 5 MB before uploading it', async ({ page }) => {
    await page.goto('/register');
    const big = { name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([createPng().buffer, Buffer.alloc(5 * 1024 * 1024)]) };
    await page.locator('input[type="file"]').setInputFiles(big);
    await expect(page.getByText('Image size should not exceed 5MB')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('says when the e-mail is already registered', async ({ page }) => {
    const existing = await registerUser(page.request);
    await page.goto('/register');
    await fillRegisterForm(page, { ...newUser(), email: existing.email });
    await page.getByLabel('Use the default avatar').check();
    const alerts = acceptAlerts(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => alerts).toEqual(['An account with this email already exists']);
    await expect(page.getByRole('alert').filter({ hasText: 'An account with this email already exists' })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('says when the password is wrong', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill(demo.ava.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sends a signed-in user away from /login to the dashboard', async ({ page }) => {
    await login(page, demo.ava.email, demo.ava.password);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('sends a signed-out visitor from a protected page to /login, and back after logging in', async ({ page }) => {
    await page.goto('/user/pledges');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email', { exact: true }).fill(demo.ben.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.ben.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/pledges$/);
  });

  test('lands an admin on the admin dashboard', async ({ page }) => {
    await loginThroughForm(page, demo.admin.email, demo.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Account sidebar' });
    await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', /Go to website/]);
    await expect(sidebar.getByRole('link', { name: /Go to website/ })).toHaveAttribute('target', '_blank');
  });

  test('login and register pages pass the accessibility check', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log In', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create Account', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Return to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});
