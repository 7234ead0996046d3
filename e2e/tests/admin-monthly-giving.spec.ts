import { demo, expect, login, registerUser, test } from '../fixtures';
import { accessToken, firstCharityId, saveCard } from './campaign-helpers';

/**
 * The admin console's monthly giving (decision 165): a supporter's gift whose renewal declines shows
 * on the dashboard's figure and in the failing gifts, linked to the supporter in People. Screenshots
 * at a phone's and a desktop's width are attached for looking at.
 */
test('an admin sees monthly recurring giving on the dashboard, the month per charity and a failing gift linked to its supporter', async ({
  page,
  request,
}, testInfo) => {
  const supporter = await registerUser(request);
  const token = await accessToken(request, supporter.email, supporter.password);
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post(`/api/charities/${await firstCharityId(request)}/monthly-gifts`, {
    headers,
    data: { amount: 12.34, tip: 1, payment_method_id: await saveCard(request, token) },
  });
  expect(started.status(), await started.text()).toBe(201);
  const giftId = ((await started.json()).data.gift as { _id: string })._id;
  // The next month declines on a card the bank refuses when charged.
  const declining = await saveCard(request, token, '4000 0000 0000 9995');
  expect((await request.put(`/api/monthly-gifts/${giftId}/card`, { headers, data: { payment_method_id: declining } })).status()).toBe(200);
  expect((await request.post(`/api/sandbox/monthly-gifts/${giftId}/advance`, { headers })).status()).toBe(200);

  await login(page, demo.admin.email, demo.admin.password);
  const figure = page.getByRole('link', { name: /Monthly recurring giving/ });
  await expect(figure).toContainText(/running gift/);
  await expect(figure).toContainText(/failing/);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await testInfo.attach(`dashboard-${width}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  }
  await figure.click();
  await expect(page).toHaveURL(/\/admin\/monthly-giving$/);
  await expect(page.getByRole('heading', { name: 'Monthly giving', level: 1 })).toBeVisible();
  const failing = page.getByRole('table', { name: 'Monthly gifts whose charges are failing' });
  const row = failing.getByRole('row').filter({ hasText: supporter.email });
  await expect(row).toContainText('Declined, retrying');
  await expect(row).toContainText('$13.34');
  await expect(page.getByRole('table', { name: 'Monthly giving per charity this month' })).toBeVisible();

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await testInfo.attach(`monthly-giving-${width}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await row.getByRole('link', { name: new RegExp(supporter.name) }).click();
  await expect(page).toHaveURL(/\/admin\/people\?q=/);
  await expect(page.getByRole('searchbox').or(page.getByPlaceholder('Name or e-mail'))).toHaveValue(supporter.email);
  await expect(page.getByText(supporter.email).first()).toBeVisible();
});
