import { randomUUID } from 'node:crypto';
import { AFTER_READ_RETRIES, createPng, demo, expect, expectNoAxeViolations, login, newUser, readMailbox, registerUser, signIn, test } from '../fixtures';

test.describe('signed-in area', () => {
  test('edits the profile and changes the avatar through the crop modal', async ({ page }) => {
    test.slow(); // Image upload, crop and two axe scans.
    const user = await registerUser(page);
    await signIn(page, user.email, user.password);
    await page.goto('/user/my-profile');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin Profile');
    await page.getByLabel('Occupation').fill('Teacher');
    await page.getByLabel('Company name').fill('Lincoln Park Elementary');
    await page.getByLabel('About Myself').fill('I organise school fundraisers.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();

    await page.getByTestId('avatar-input').setInputFiles(createPng(300, 200));
    const dialog = page.getByRole('dialog', { name: 'Crop profile photo' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Zoom')).toHaveAttribute('max', '3');
    await dialog.getByLabel('Zoom').fill('1.5');
    await expectNoAxeViolations(page, { include: ['[role="dialog"]'] });
    await dialog.getByRole('button', { name: 'Crop' }).click();
    await expect(page.getByText('Image updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const profile = await page.evaluate(async () => {
      const response = await fetch('/api/dashboard/my-profile', { headers: { authorization: `Bearer ${localStorage.getItem('access-token')}` } });
      return (await response.json()).data;
    });
    expect(profile).toMatchObject({ name: 'Robin Profile', occupation: 'Teacher', company_name: 'Lincoln Park Elementary' });
    expect(profile.image).toMatch(/^\/uploads\//);

    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { name: 'Account Summary' })).toBeVisible();
    await expect(page.getByText('Lincoln Park Elementary')).toBeVisible();
    await expect(page.getByText('No pledges made')).toBeVisible();
    await expect(page.getByText('No events created yet')).toBeVisible();
    await expect(page.getByText('No payment methods added')).toBeVisible();
    await expect(page.getByRole('link', { name: /ADD MORE/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('rejects an avatar over 5MB before uploading', async ({ page }) => {
    const user = await registerUser(page);
    await signIn(page, user.email, user.password);
    await page.goto('/user/my-profile');
    await page.getByTestId('avatar-input').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(page.getByText('Image size should not exceed 5MB')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a password change logs out and asks to log in again', async ({ page }) => {
    const user = await registerUser(page);
    await signIn(page, user.email, user.password);
    await page.goto('/user/my-profile');
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Old password is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Please confirm your password')).toBeVisible();

    const next = `New-${randomUUID().slice(0, 8)}-Pass`;
    await page.getByLabel('Old password').fill(user.password);
    await page.getByLabel('New password').fill(next);
    await page.getByLabel('Confirm password').fill(`${next}x`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm password').fill(next);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Password changed. Please log in again.')).toBeVisible();
    await page.goto('/user/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await login(page, user.email, next);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('forgot and reset password through the e-mailed link', async ({ page }) => {
    const user = await registerUser(page);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // Navigation runs in a transition: the log-in form (with its own Email field) stays on screen
    // until the next page's chunk has loaded, so wait for the new page before typing.
    await expect(page.getByRole('heading', { name: 'Forgot Password', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account exists for that e-mail, we have sent a link to reset the password.')).toBeVisible();

    const [mail] = (await readMailbox(page.request, user.email)).filter((item) => item.kind === 'password-reset');
    const token = /token=([^\s]+)/.exec(mail!.text)![1]!;
    await page.goto(`/reset-password?token=${token}`);
    await page.getByLabel('New password').fill('Fresh-Start-2026');
    await page.getByLabel('Confirm password').fill('Fresh-Start-2026');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been reset. Please log in with your new password.')).toBeVisible();
    await login(page, user.email, 'Fresh-Start-2026');

    // The link works only once.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/reset-password?token=${token}`);
    await page.getByLabel('New password').fill('Another-Start-2026');
    await page.getByLabel('Confirm password').fill('Another-Start-2026');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('This reset link is invalid or has expired. Please request a new one.')).toBeVisible();
  });

  test('adds, makes default and removes a card', async ({ page }) => {
    test.slow(); // Two cards through the provider's form and an axe scan.
    const user = await registerUser(page);
    await signIn(page, user.email, user.password);
    await page.goto('/user/payment-methods');
    await page.getByRole('button', { name: 'Add New Card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Card' });
    await dialog.getByRole('button', { name: 'Save card' }).click();
    for (const message of ['Card holder name is required', 'Card number is required', 'Expiry date is required', 'CVV is required']) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await dialog.getByLabel('Card holder name').fill('Robin Card');
    await dialog.getByLabel('Card number').fill('4242424242424241');
    await dialog.getByLabel('Expiry date').fill('1399');
    await dialog.getByLabel('CVV').fill('12');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog.getByText('Please enter a valid card number')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid expiry date (MM/YY)')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid CVV')).toBeVisible();

    await dialog.getByLabel('Card number').fill('4242424242424242');
    await expect(dialog.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry date').fill('1230');
    await expect(dialog.getByLabel('Expiry date')).toHaveValue('12/30');
    await dialog.getByLabel('CVV').fill('123');
    await expectNoAxeViolations(page, { include: ['[role="dialog"]'] });
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Card added successfully')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Visa ending in 4242' })).toContainText('Robin Card');

    await page.getByRole('button', { name: 'Add New Card' }).click();
    await dialog.getByLabel('Card holder name').fill('Robin Card');
    await dialog.getByLabel('Card number').fill('5555 5555 5555 4444');
    await dialog.getByLabel('Expiry date').fill('11/29');
    await dialog.getByLabel('CVV').fill('321');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    const mastercard = page.getByRole('article', { name: 'Mastercard ending in 4444' });
    await mastercard.getByRole('button', { name: 'Make default' }).click();
    await expect(mastercard.getByText('Default')).toBeVisible();

    // The list re-sorts once the new default is saved; press Remove again if that moved the card under the pointer.
    await expect(async () => {
      await page.getByRole('button', { name: 'Remove card ending in 4242' }).click();
      await expect(page.getByRole('dialog', { name: 'Remove card' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole('dialog', { name: 'Remove card' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Card removed successfully')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Visa ending in 4242' })).toHaveCount(0);
    await expect(mastercard).toBeVisible();
  });

  test('deletes a pending event after the Delete Event confirmation', async ({ page, request }) => {
    // A separate API context: the page's own cookies stay signed out until the form log-in.
    const login_ = await request.post('/api/site/login', { data: { email: demo.ava.email, password: demo.ava.password } });
    const { user } = (await login_.json()) as { user: { accessToken: string; email: string } };
    const charities = (await (await request.get('/api/charities')).json()) as { charities: { _id: string }[] }[];
    const name = `Delete me ${randomUUID().slice(0, 6)}`;
    const png = createPng(160, 90).buffer.toString('base64');
    const created = await request.post('/api/events/create', {
      headers: { authorization: `Bearer ${user.accessToken}` },
      data: {
        eventName: name,
        description: 'A campaign made by the e2e test to be deleted before review.',
        categories: 'Testing',
        targetAmount: 500,
        bannerImage: png,
        aboutEventHost: 'Organizer',
        hostData: {
          fullName: demo.ava.name,
          email: demo.ava.email,
          occupation: 'Community organizer',
          companyName: 'Riverside Runners',
          aboutYou: 'I organise.',
        },
        locationType: 'virtual',
        eventDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        eventTime: '10:00',
        eventLocation: '',
        onlineEventLink: 'https://example.com/live',
        guestData: [
          {
            about: 'Runner',
            fullName: 'Pat Lee',
            email: 'pat@example.com',
            occupation: 'Coach',
            companyName: '',
            aboutParticipant: 'Coaches.',
            profileImage: '',
          },
        ],
        paymentAmount: 100,
        paymentMethod: 'test',
        cardHolderName: 'Test User',
        cardNumber: '4242 4242 4242 4242',
        kind: 'event',
        fundingModel: 'all_donations',
        charityId: charities[0]!.charities[0]!._id,
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await signIn(page, demo.ava.email, demo.ava.password);
    await page.goto('/user/events');
    await expect(page.getByRole('tab', { name: /Open Events/ })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toBeVisible();
    // Approved campaigns cannot be deleted: no Delete button on them.
    await expect(
      page
        .getByRole('article')
        .filter({ hasText: 'Principal on the Roof' })
        .getByRole('button', { name: /Delete/ }),
    ).toHaveCount(0);
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Event' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Event deleted successfully')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('shows Demo Mode when My Events cannot be loaded, and never writes', async ({ page }) => {
    const user = await registerUser(page, newUser());
    await login(page, user.email, user.password);
    let deletes = 0;
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes += 1;
    });
    await page.route('**/api/events?userId=*', (route) => route.abort('failed'));
    await page.goto('/user/events');
    await expect(page.getByText('Failed to fetch events. Check your connection.')).toBeVisible(AFTER_READ_RETRIES);
    await expect(page.getByText('Demo Mode', { exact: true })).toBeVisible();
    const sample = page.getByRole('article').filter({ hasText: 'Demo: Neighbourhood Food Drive' });
    await expect(sample).toBeVisible();
    await sample.getByRole('button', { name: /Delete/ }).click();
    await page.getByRole('dialog', { name: 'Delete Event' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Event deleted successfully (Demo Mode)')).toBeVisible();
    await expect(sample).toHaveCount(0);
    expect(deletes).toBe(0);

    await page.unroute('**/api/events?userId=*');
    await page.getByRole('button', { name: 'Retry' }).first().click();
    await expect(page.getByText('Demo Mode', { exact: true })).toHaveCount(0);
    await expect(page.getByText('No events created yet')).toBeVisible();
  });

  test('a server error offers Demo Mode instead of starting it', async ({ page }) => {
    const user = await registerUser(page);
    await login(page, user.email, user.password);
    await page.route('**/api/events?userId=*', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Internal Server Error' } }));
    await page.goto('/user/events');
    await expect(page.getByText('Server error. Please try again later or enable demo mode.')).toBeVisible(AFTER_READ_RETRIES);
    await expect(page.getByText('Demo Mode', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Enable demo mode' }).click();
    await expect(page.getByText('Demo Mode', { exact: true })).toBeVisible();
  });
});

test('the sidebar highlights only the page shown: Practice Campaign, not My Events too', async ({ page }) => {
  await signIn(page, demo.ava.email, demo.ava.password);
  await page.goto('/user/events/practice-campaign');
  const sidebar = page.getByRole('complementary', { name: 'Account sidebar' });
  await expect(sidebar.getByRole('link', { name: 'Practice Campaign' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
  await page.goto('/user/events');
  await expect(sidebar.getByRole('link', { name: 'My Events' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
});
