import { demo, expect, test } from '../fixtures';
import { isoDaysFromNow, signIn, uploadAndCrop } from './campaign-helpers';

const STEP_ERROR = 'Please complete all required fields before proceeding.';

test('a verified creator builds a campaign through all five steps, fixing mistakes on each, and lands on its page', async ({ page }) => {
  test.slow(); // All five wizard steps, with an image upload and crop.
  await signIn(page, demo.ava.email, demo.ava.password);
  await page.goto('/user/event/create');
  // The wizard's own code loads after the session check: over 5 s on CI's two busy workers, so 15 s for the first look.
  await expect(page.getByRole('heading', { name: 'Step 1: Create Event' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();

  // Step 1: a failed Next, then every field put right.
  await next.dispatchEvent('click');
  await expect(page.getByText(STEP_ERROR)).toBeVisible();
  await expect(page.getByText('Event name is required')).toBeVisible();
  await expect(page.getByText('Banner image is required')).toBeVisible();
  await page.getByLabel('Event name').fill('ab');
  await page.getByLabel('Event name').blur();
  await expect(page.getByText('Event name must be at least 3 characters')).toBeVisible();
  const name = `Harbor Cleanup ${Date.now()}`;
  await page.getByLabel('Event name').fill(name);
  const categories = page.getByPlaceholder('Type a category and press Enter');
  await categories.fill('Environment');
  await categories.press('Enter');
  await categories.fill('environment');
  await categories.press('Enter');
  await categories.fill('Community');
  await categories.press('Enter');
  await categories.press('Backspace');
  await expect(page.getByRole('list', { name: 'Added categories' }).getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Description').fill('Volunteers clear the harbor shoreline; every pledge funds a tonne of waste removed.');
  await page.getByLabel('Target amount (USD)').fill('50');
  await page.getByLabel('Target amount (USD)').blur();
  await expect(page.getByText('Amount must be at least $100')).toBeVisible();
  await page.getByLabel('Target amount (USD)').fill('1500');
  await page.getByLabel('Beneficiary charity').selectOption({ index: 1 });
  await uploadAndCrop(page, 'Banner image');
  await expect(next).toBeEnabled();
  await next.click();

  // Step 2: the host block is prefilled; a participant form that fails, then succeeds.
  await expect(page.getByRole('heading', { name: 'Step 2: Biographies' })).toBeVisible();
  await expect(page.getByLabel('Full name').first()).toHaveValue(demo.ava.name);
  await next.dispatchEvent('click');
  await expect(page.getByText(STEP_ERROR)).toBeVisible();
  await page.getByLabel('About (title)').fill('Organizer');
  const participant = page.getByRole('region', { name: 'Participant form 1' });
  await participant.getByRole('button', { name: 'Add participant' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await participant.getByLabel('About (role)').fill('Dive team lead');
  await participant.getByLabel('Full name').fill('Marco Diaz');
  await participant.getByLabel('Email').fill('marco@example.com');
  await participant.getByLabel('Occupation').fill('Diver');
  await participant.getByLabel('About the participant').fill('Leads the underwater cleanup.');
  await participant.getByRole('button', { name: 'Add participant' }).click();
  await expect(page.getByText('Participant added successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Added participants' })).toContainText('Marco Diaz');
  await next.click();

  // Step 3: a bad link is refused, then corrected.
  await expect(page.getByRole('heading', { name: 'Step 3: Event Genre' })).toBeVisible();
  await page.getByLabel('Virtual').check();
  await page.getByLabel('Event date').fill(isoDaysFromNow(14));
  await page.getByLabel('Event time').fill('10:30');
  await page.getByLabel('Online event link').fill('not a link');
  await next.click();
  await expect(page.getByText('Please enter a valid URL')).toBeVisible();
  await page.getByLabel('Online event link').fill('https://meet.example.com/harbor');
  await next.click();

  // Step 4: the summary shows what was entered.
  await expect(page.getByRole('heading', { name: 'Step 4: Event Summary' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText('Marco Diaz')).toBeVisible();
  await next.click();

  // Step 5: without test mode a method is needed; in test mode the fixed values are shown only.
  await expect(page.getByRole('heading', { name: 'Step 5: Payment' })).toBeVisible();
  await page.getByRole('switch').uncheck();
  await page.getByRole('button', { name: 'Complete' }).dispatchEvent('click');
  await expect(page.getByText('Please select a payment method or add a new one')).toBeVisible();
  await page.getByRole('switch').check();
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByLabel('Card number')).toBeDisabled();
  await page.getByRole('button', { name: 'Complete' }).click();

  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Event created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('About Marco Diaz')).toBeVisible();
  await expect(page.getByText('$100.00 raised')).toBeVisible();

  // The draft is gone: a new wizard starts empty.
  await page.goto('/user/event/create');
  await expect(page.getByLabel('Event name')).toHaveValue('');
});

test('the wizard draft survives a reload', async ({ page }) => {
  await signIn(page, demo.ava.email, demo.ava.password);
  await page.goto('/user/event/create');
  // The wizard's own code loads after the session check: over 5 s on CI's two busy workers, so 15 s for the first look.
  await expect(page.getByLabel('Event name')).toBeEditable({ timeout: 15_000 });
  await page.getByLabel('Event name').fill('Draft that survives');
  // Reload once the wizard has written the draft, not after a guessed delay.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pledgeway:create-event-draft') ?? '')).toContain('Draft that survives');
  await page.reload();
  await expect(page.getByLabel('Event name')).toHaveValue('Draft that survives', { timeout: 15_000 });
});

test('on the payment step a creator adds a new card, which is selected and charged for the funding pledge', async ({ page }) => {
  test.slow(); // The whole wizard, with a card added on the payment step.
  await signIn(page, demo.ava.email, demo.ava.password);
  await page.goto('/user/event/create');
  // The wizard's own code loads after the session check: over 5 s on CI's two busy workers, so 15 s for the first look.
  await expect(page.getByLabel('Event name')).toBeEditable({ timeout: 15_000 });
  const next = page.getByRole('button', { name: 'Next' });
  const name = `Card Funded Walk ${Date.now()}`;
  await page.getByLabel('Event name').fill(name);
  const categories = page.getByPlaceholder('Type a category and press Enter');
  await categories.fill('Health');
  await categories.press('Enter');
  await page.getByLabel('Description').fill('A walk around the lake; the funding pledge is paid with a card added on the spot.');
  await page.getByLabel('Target amount (USD)').fill('2000');
  await page.getByLabel('Beneficiary charity').selectOption({ index: 1 });
  await uploadAndCrop(page, 'Banner image');
  await next.click();
  await expect(page.getByRole('heading', { name: 'Step 2: Biographies' })).toBeVisible();
  await page.getByLabel('About (title)').fill('Organizer');
  const participant = page.getByRole('region', { name: 'Participant form 1' });
  await participant.getByLabel('About (role)').fill('Walk leader');
  await participant.getByLabel('Full name').fill('Lena Ortiz');
  await participant.getByLabel('Email').fill('lena@example.com');
  await participant.getByLabel('Occupation').fill('Park ranger');
  await participant.getByLabel('About the participant').fill('Knows every path around the lake.');
  await participant.getByRole('button', { name: 'Add participant' }).click();
  await expect(page.getByRole('list', { name: 'Added participants' })).toContainText('Lena Ortiz');
  await next.click();
  await expect(page.getByRole('heading', { name: 'Step 3: Event Genre' })).toBeVisible();
  await page.getByLabel('Virtual').check();
  await page.getByLabel('Event date').fill(isoDaysFromNow(10));
  await page.getByLabel('Event time').fill('09:00');
  await page.getByLabel('Online event link').fill('https://meet.example.com/lake-walk');
  await next.click();
  await expect(page.getByRole('heading', { name: 'Step 4: Event Summary' })).toBeVisible();
  await next.click();

  await expect(page.getByRole('heading', { name: 'Step 5: Payment' })).toBeVisible();
  await page.getByRole('switch').uncheck();
  await page.getByRole('button', { name: 'Add a new card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Card' });
  await dialog.getByLabel('Card holder name').fill('Ava Thompson');
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByLabel('Expiry date').fill('1230');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toBeHidden();
  // The wizard is still on its last step, with the new card chosen.
  await expect(page.getByRole('heading', { name: 'Step 5: Payment' })).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(page.getByRole('radio', { checked: true }).locator('..')).toContainText('4242');
  await page.getByLabel('Amount (USD)').fill('150');
  await page.getByRole('button', { name: 'Complete' }).click();

  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('$150.00 raised')).toBeVisible();
});
