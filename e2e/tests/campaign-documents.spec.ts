import { demo, expect, test } from '../fixtures';
import { accessToken, createCampaignByApi, createPdf, openWizardWithDraft, signIn } from './campaign-helpers';

test('a campaign created with a PDF lists it on its summary and public page, and serves it', async ({ page }) => {
  test.slow(); // A campaign created through the wizard with a PDF.
  // The document used to be fetched from a data: URL, which the content-security policy blocks.
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') blocked.push(message.text());
  });
  await signIn(page, demo.ava.email, demo.ava.password);
  const name = `Lake Walk With Budget ${Date.now()}`;
  await openWizardWithDraft(page, 0, name);
  await page.getByTestId('document-input').setInputFiles(createPdf('walk-budget.pdf'));
  await expect(page.getByText('walk-budget.pdf')).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  for (const step of ['Biographies', 'Event Genre', 'Event Summary', 'Payment']) {
    await next.click();
    await expect(page.getByRole('heading', { name: new RegExp(`Step \\d: ${step}`) })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Complete' }).click();

  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Event created successfully!')).toBeVisible();
  await expect(page.getByText(/Payment processing failed/)).toHaveCount(0);
  const publicLink = page.getByRole('link', { name: 'walk-budget.pdf' });
  await expect(publicLink).toBeVisible();
  const served = await page.request.get((await publicLink.getAttribute('href'))!);
  expect(served.status()).toBe(200);
  expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');

  const id = page.url().split('/').pop()!;
  await page.goto(`/user/event/${id}`);
  await expect(page.getByRole('link', { name: 'walk-budget.pdf' })).toBeVisible();
  await expect(page.getByText('No documents uploaded')).toHaveCount(0);
  expect(blocked).toEqual([]);
});

test('an edit that adds a document saves it together with the other changes', async ({ page, request }) => {
  test.slow(); // An edit that uploads a document.
  const token = await accessToken(request, demo.ava.email, demo.ava.password);
  const event = await createCampaignByApi(request, token);
  await signIn(page, demo.ava.email, demo.ava.password);
  await page.goto(`/user/event/edit/${event.id}`);
  const renamed = `${event.name} with minutes`;
  await page.getByLabel('Event name').fill(renamed);
  await page.getByLabel('Description').fill('Warm soup for neighbours, with the minutes of the last meeting attached.');
  await page.getByTestId('document-input').setInputFiles(createPdf('meeting-minutes.pdf'));
  await expect(page.getByText('meeting-minutes.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(page.getByText('Event updated successfully!')).toBeVisible();

  await page.goto(`/user/event/${event.id}`);
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(page.getByText('with the minutes of the last meeting attached')).toBeVisible();
  const link = page.getByRole('link', { name: 'meeting-minutes.pdf' });
  await expect(link).toBeVisible();
  expect((await page.request.get((await link.getAttribute('href'))!)).status()).toBe(200);
});
