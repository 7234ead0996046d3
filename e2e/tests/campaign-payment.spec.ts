import type { APIRequestContext } from '@playwright/test';
import { demo, expect, test } from '../fixtures';
import { accessToken, openWizardWithDraft, signIn } from './campaign-helpers';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function saveCard(request: APIRequestContext, token: string, number: string) {
  const headers = { authorization: `Bearer ${token}` };
  const tokenized = await request.post('/api/sandbox/cards', { headers, data: { holder_name: 'Ava Thompson', number, expiry: `11/${nextYear}`, cvv: '123' } });
  const saved = await request.post('/api/payment-methods', { headers, data: { token: (await tokenized.json()).token } });
  expect(saved.status(), await saved.text()).toBe(201);
  return (await saved.json()).data as { id: string };
}

test('test mode shows the fixed 12/25 expiry marked as a test card, and the saved default card is preselected', async ({ page, request }) => {
  test.slow(); // A campaign created through the API, then the pledge dialog with two cards.
  const token = await accessToken(request, demo.ava.email, demo.ava.password);
  const card = await saveCard(request, token, '5555 5555 5555 4444');
  const made = await request.post(`/api/payment-methods/${card.id}/default`, { headers: { authorization: `Bearer ${token}` } });
  expect(made.status(), await made.text()).toBe(200);

  await signIn(page, demo.ava.email, demo.ava.password);
  await openWizardWithDraft(page, 4, `Default Card Walk ${Date.now()}`);
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/25');
  await expect(page.getByText('test card', { exact: true })).toBeVisible();

  await page.getByRole('switch').uncheck();
  const chosen = page.getByRole('radio', { checked: true });
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toHaveValue(card.id);
  await expect(page.getByRole('button', { name: 'Complete' })).toBeEnabled();

  // The step message goes as soon as the step is complete again.
  await page.getByLabel('Amount (USD)').fill('');
  await page.getByRole('button', { name: 'Complete' }).dispatchEvent('click');
  await expect(page.getByText('Please complete all required fields before proceeding.')).toBeVisible();
  await page.getByLabel('Amount (USD)').fill('150');
  await expect(page.getByText('Please complete all required fields before proceeding.')).toHaveCount(0);
});

test('a declining card is refused when saved, and a declined funding payment leaves no campaign and keeps the creator on the payment step', async ({
  page,
  request,
}) => {
  test.slow(); // Two declined cards: one when saved, one on the funding payment.
  const token = await accessToken(request, demo.ava.email, demo.ava.password);
  await saveCard(request, token, '4242 4242 4242 4242');
  await signIn(page, demo.ava.email, demo.ava.password);
  const name = `Declined Funding Walk ${Date.now()}`;
  await openWizardWithDraft(page, 4, name);
  await page.getByRole('switch').uncheck();
  await page.getByRole('button', { name: 'Add a new card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Card' });
  await dialog.getByLabel('Card holder name').fill('Ava Thompson');
  await dialog.getByLabel('Card number').fill('4000000000000002');
  await dialog.getByLabel('Expiry date').fill(`12${nextYear}`);
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog.getByText('Your card was declined.')).toBeVisible();
  await dialog
    .getByRole('button', { name: /close|cancel/i })
    .first()
    .click();

  // The server answers a declined funding charge with 402 and the provider's message.
  await page.route('**/api/events/payment', (route) =>
    route.fulfill({
      status: 402,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Payment Required', message: 'Your card has insufficient funds.', code: 'insufficient_funds' }),
    }),
  );
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('Payment processing failed: Your card has insufficient funds.').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 5: Payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText(name)).toBeVisible();

  const mine = (await (await request.get('/api/events', { headers: { authorization: `Bearer ${token}` } })).json()).data as { name: string; status: string }[];
  expect(mine.filter((event) => event.name === name && event.status !== 'cancelled')).toEqual([]);
});
