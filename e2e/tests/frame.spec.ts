import { demo, expect, expectNoAxeViolations, login, loginThroughForm, registerUser, test } from '../fixtures';

test.describe('header', () => {
  test('opens the dropdowns with the keyboard', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const platform = nav.getByRole('button', { name: 'Our Platform' });
    await platform.focus();
    await page.keyboard.press('Enter');
    await expect(platform).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'Our Story' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(platform).toHaveAttribute('aria-expanded', 'false');
    await expect(platform).toBeFocused();

    const legal = nav.getByRole('button', { name: 'Legal' });
    await legal.focus();
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'Terms of Use' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(nav.getByRole('link', { name: 'Cookie Policy' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cookie-policy$/);
    await expect(legal).toHaveAttribute('aria-expanded', 'false');
  });

  test('is transparent over a hero, solid after scrolling 50 px and on the sign-in pages', async ({ page }) => {
    await page.goto('/events');
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-solid', 'false');
    await expect.poll(async () => (await header.boundingBox())?.height).toBe(108);
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-solid', 'true');

    await page.setViewportSize({ width: 1024, height: 800 });
    await expect.poll(async () => (await header.boundingBox())?.height).toBe(80);

    await page.goto('/login');
    await expect(header).toHaveAttribute('data-solid', 'true');
  });

  test('shows Log In / Sign Up to visitors and Dashboard once signed in', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Log In / Sign Up' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loginThroughForm(page, demo.ava.email, demo.ava.password);
    await page.goto('/charities');
    await banner.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('opens the search overlay, traps focus and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('banner').getByRole('button', { name: 'Search' });
    await trigger.click();
    const overlay = page.getByRole('dialog', { name: 'Search Pledgeway' });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByLabel('Search campaigns and charities')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(overlay.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('on a phone, the hamburger opens the navigation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('footer', () => {
  test('validates the newsletter address with the messages of docs/product.md#newsletter', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Newsletter signup' });
    const email = form.getByRole('textbox', { name: 'Email address' });
    const subscribe = form.getByRole('button', { name: 'Subscribe' });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');

    await subscribe.click();
    await expect(form.getByText('Please fill in your email address')).toBeVisible();
    await email.fill('   ');
    await subscribe.click();
    await expect(form.getByText('Please fill in your email address')).toBeVisible();
    await email.fill('not-an-email');
    await subscribe.click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await email.fill(`reader-${Date.now()}@example.com`);
    await subscribe.click();
    await expect(email).toHaveValue('');
    await expect(form.getByText(/Please (fill in|enter a valid)/)).toHaveCount(0);
  });

  test('has the columns, the contact e-mail and the legal row', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('navigation', { name: 'Explore' }).getByRole('link')).toHaveText([
      'Home',
      'Our Story',
      'Services',
      'All Campaigns',
      'Event Promotions',
      'Money Bomb',
      'Runoff Competitions',
      'Charities',
    ]);
    await expect(footer.getByRole('navigation', { name: 'Support' }).getByRole('link')).toHaveText([
      'Terms of Use',
      'Privacy Policy',
      'Cookie Policy',
      'Help & Support',
      'Contact Us',
    ]);
    await expect(footer.getByRole('link', { name: /support@pledgeway\.org/ })).toHaveAttribute('href', 'mailto:support@pledgeway.org');
    await expect(footer.getByRole('link', { name: 'Do Not Sell My Personal Information' })).toHaveAttribute('href', '/do-not-sell');
    await expect(footer.getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility');
    await expect(footer.getByText(`© ${new Date().getFullYear()} Pledgeway`)).toBeVisible();
    await expectNoAxeViolations(page, { include: ['header', 'footer'] });
  });
});

test.describe('user area', () => {
  test('the sidebar opens and closes on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, demo.ava.email, demo.ava.password);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('button', { name: 'LOGOUT' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'MENU', exact: true });
    await menuButton.click();
    const sidebar = page.getByRole('dialog', { name: 'Account menu' });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link')).toHaveText([
      'Dashboard',
      'Profile',
      'My Pledges',
      'My Giving',
      'Giving Statements',
      'My Events',
      'Payment Methods',
      'Practice Campaign',
    ]);
    await sidebar.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await expect(sidebar).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await sidebar.getByRole('link', { name: 'My Pledges' }).click();
    await expect(page).toHaveURL(/\/user\/pledges$/);
    await expect(sidebar).toBeHidden();
  });

  test('CLOSE ACCOUNT asks first, then goes to the closure page', async ({ page }) => {
    const user = await registerUser(page.request);
    await login(page, user.email, user.password);
    await page.getByRole('button', { name: 'CLOSE ACCOUNT' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close Account' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    await page.getByRole('button', { name: 'CLOSE ACCOUNT' }).click();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/site\/closeaccount$/);
  });

  test('ADD NEW EVENT asks for a complete profile first', async ({ page }) => {
    await login(page, demo.ben.email, demo.ben.password);
    await page.getByRole('button', { name: 'ADD NEW EVENT' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Please complete your profile first to create an event');
    await dialog.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(page).toHaveURL(/\/user\/my-profile$/);
    // No profile dropdown on the profile page itself.
    await expect(page.getByRole('button', { name: 'Open profile menu' })).toHaveCount(0);
  });

  test('ADD NEW EVENT opens the wizard for a complete profile, where the footer shows', async ({ page }) => {
    await login(page, demo.ava.email, demo.ava.password);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.getByRole('button', { name: 'ADD NEW EVENT' }).click();
    await expect(page).toHaveURL(/\/user\/event\/create$/);
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('the profile menu shows who is signed in and logs out', async ({ page }) => {
    await login(page, demo.ava.email, demo.ava.password);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(demo.ava.name);
    await expect(menu).toContainText(demo.ava.email);
    await expectNoAxeViolations(page, { include: ['header', '[role="menu"]', 'aside'] });
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
