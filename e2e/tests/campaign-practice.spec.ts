import { demo, expect, test } from '../fixtures';
import { signIn, uploadAndCrop } from './campaign-helpers';

test('a practice campaign previews and sends nothing to the server', async ({ page }) => {
  await signIn(page, demo.ava.email, demo.ava.password);
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/') && !request.url().includes('/refresh-token'))
      writes.push(`${request.method()} ${request.url()}`);
  });
  await page.goto('/user/events/practice-campaign');
  // The wizard's own code loads after the session check: over 5 s on CI's two busy workers, so 15 s for the first look.
  await expect(page.getByRole('button', { name: 'Prev' })).toBeDisabled({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Next' }).dispatchEvent('click');
  await expect(page.getByText('Please complete all required fields before proceeding.')).toBeVisible();
  await page.getByLabel('Event name').fill('Practice Bake Sale');
  const categories = page.getByPlaceholder('Type a category and press Enter');
  await categories.fill('Food');
  await categories.press('Enter');
  await page.getByLabel('Description').fill('A practice run of a bake sale.');
  await page.getByLabel('Target amount (USD)').fill('500');
  await uploadAndCrop(page, 'Banner image');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Your full name').fill('Ava Thompson');
  await page.getByLabel('About (title)').fill('Organizer');
  await page.getByLabel('Occupation').fill('Baker');
  await page.getByLabel('Participant name').fill('Lee Chan');
  await page.getByLabel('About (role)').fill('Pastry chef');
  await page.getByRole('button', { name: 'Add participant' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click(); // Event Genre skipped
  await page.getByRole('button', { name: 'Preview' }).click();

  await expect(page.getByText('None of it is saved', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Practice Bake Sale' })).toBeVisible();
  await expect(page.getByText('$0')).toBeVisible();
  await expect(page.getByText('0%', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pledge Now' })).toBeVisible();
  await expect(page.getByText('About Ava Thompson')).toBeVisible();
  expect(writes).toEqual([]);
  await page.getByRole('link', { name: 'Exit' }).last().click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});
