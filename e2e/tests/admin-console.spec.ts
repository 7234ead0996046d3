import { type Page } from '@playwright/test';
import { createPng, demo, expect, expectNoAxeViolations, login, registerUser, test } from '../fixtures';

/** The admin console's own tools, end to end in Chromium: people, charities, messages and the audit log. */

// Each test walks several console pages and opens second browsers: slow by nature (three times the
// default, as test.slow() gives; at most 48 s measured on a machine at load 13).
test.describe.configure({ timeout: 90_000 });

/** Opens a console page and waits until its tab is the current one: until then the previous page is still shown. */
async function openConsolePage(page: Page, label: string) {
  const tab = page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: label, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-current', 'page');
}

test('a disabled user is signed out on the next request, and the action is in the audit log', async ({ page, browser }) => {
  const person = await registerUser(page.request);
  const personContext = await browser.newContext();
  const personPage = await personContext.newPage();
  await login(personPage, person.email, person.password);
  await expect(personPage).toHaveURL(/\/user\/dashboard$/);

  await login(page, demo.admin.email, demo.admin.password);
  await openConsolePage(page, 'People');
  await page.getByRole('searchbox', { name: 'Search' }).fill(person.email);
  const row = page.getByRole('row').filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Disable ${person.name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (optional)').fill('Reported for abuse');
  await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();

  // The person's next request is refused: the app signs them out.
  await personPage.getByRole('link', { name: 'My Pledges' }).first().click();
  await personPage.reload();
  await expect(personPage).toHaveURL(/\/login$/);
  await personPage.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await personPage.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await personPage.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(personPage.getByText('This account has been disabled. Please contact support if you think this is a mistake.')).toBeVisible();
  await personContext.close();

  await openConsolePage(page, 'Audit log');
  const entry = page.getByRole('row').filter({ hasText: 'user.disable' }).first();
  await expect(entry).toContainText('Reported for abuse');
  await expect(entry).toContainText(demo.admin.email);
});

test('an admin adds a charity with a logo; it shows on /charities, and disappears once hidden', async ({ page, browser }) => {
  const name = `Harbour Lights ${Date.now()}`;
  await login(page, demo.admin.email, demo.admin.password);
  await openConsolePage(page, 'Charities');
  await page.getByRole('button', { name: 'Add charity' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Website').fill('https://harbour-lights.example.org');
  await dialog.getByLabel('Logo').setInputFiles(createPng(120, 120));
  await dialog.getByRole('button', { name: 'Add charity' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Listed')).toBeVisible();

  // A fresh browser each time, so a cached list cannot answer for the server.
  const publicList = async () => {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto('/charities');
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await visitor.waitForLoadState('networkidle');
    const text = await visitor.locator('main').innerText();
    await context.close();
    return text;
  };
  expect(await publicList()).toContain(name);

  await row.getByRole('button', { name: `Hide ${name}` }).click();
  await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
  expect(await publicList()).not.toContain(name);

  await openConsolePage(page, 'Audit log');
  await expect(page.getByRole('row').filter({ hasText: 'charity.hide' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'charity.create' }).first()).toBeVisible();
});

test('a contact message reaches Messages and is marked handled, and the audit log shows it', async ({ page, request }) => {
  const email = `visitor-${Date.now()}@example.com`;
  const sent = await request.post('/api/contact', {
    data: { tab: 'support', name: 'Rosa Diaz', email, phone: '+1 555 010 2030', eventName: 'Polar Plunge', message: 'Can I change my pledge?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await login(page, demo.admin.email, demo.admin.password);
  await openConsolePage(page, 'Messages');
  const card = page.getByRole('listitem').filter({ hasText: email });
  await expect(card).toContainText('Can I change my pledge?');
  await card.getByRole('button', { name: `Mark handled message from ${email}` }).click();
  await expect(card).toBeHidden();
  await page.getByLabel('Show').selectOption('handled');
  await expect(page.getByRole('listitem').filter({ hasText: email }).getByText('Handled', { exact: true })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^contact-messages-\d{4}-\d{2}-\d{2}\.csv$/);

  await openConsolePage(page, 'Audit log');
  await expect(page.getByRole('row').filter({ hasText: 'contact_message.handle' }).first()).toBeVisible();
});

test('every console page passes the accessibility check', async ({ page }) => {
  await login(page, demo.admin.email, demo.admin.password);
  for (const label of ['Overview', 'Reviews', 'Campaigns', 'Charging', 'Payouts', 'Charities', 'People', 'Messages', 'Audit log']) {
    await openConsolePage(page, label);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expectNoAxeViolations(page, { include: ['main'] });
  }
});
