import { randomUUID } from 'node:crypto';
import { expect, expectNoAxeViolations, readMailbox, test } from '../fixtures';

test.describe('donation dialog', () => {
  test('shows every message of docs/product.md#donation-form, formats card and expiry, shows a decline, charges, thanks and closes', async ({ page }) => {
    test.slow(); // One long walk through every message of the dialog.
    // A donor of this run only: a retry or a repeat must not find an earlier run's receipt.
    const donor = `alma-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto('/charities');
    // A press before the app has hydrated the page opens the dialog once it has (decision 120).
    await page.getByRole('button', { name: 'Donate', exact: true }).click();
    // The title names the charity the donation goes to, and follows the donor's choice.
    const dialog = page.getByRole('dialog', { name: /^Donate to / });
    await expect(dialog).toBeVisible();
    const picker = dialog.getByLabel('Charity to support');
    await expect(dialog.getByRole('heading', { name: `Donate to ${await picker.locator('option:checked').innerText()}` })).toBeVisible();
    const other = await picker.locator('option').nth(1).innerText();
    await picker.selectOption({ label: other });
    await expect(dialog.getByRole('heading', { name: `Donate to ${other}` })).toBeVisible();
    const field = (label: string) => dialog.getByLabel(label, { exact: false });
    const submit = () => dialog.getByRole('button', { name: 'Donate', exact: true }).click();

    await submit();
    for (const message of [
      'Full name is required',
      'Email is required',
      'Amount is required',
      'Card number is required',
      'Expiry date is required',
      'CVV is required',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page, { include: ['[role="dialog"]'] });

    // Editing a field clears only that field's message.
    await field('Full name').fill('Al');
    await expect(dialog.getByText('Full name is required')).toHaveCount(0);
    await expect(dialog.getByText('Email is required')).toBeVisible();

    await field('Email').fill('al@');
    await field('Amount').fill('0');
    await field('Card number').pressSequentially('4242a424242');
    await expect(field('Card number')).toHaveValue('4242 4242 42');
    await field('Expiry').pressSequentially('1330');
    await expect(field('Expiry')).toHaveValue('13/30');
    await field('CVV').fill('12');
    await submit();
    for (const message of [
      'Name must be at least 3 characters',
      'Email is invalid',
      'Amount must be greater than 0',
      'Invalid card number',
      'Use MM/YY format',
      'Invalid CVV',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }

    await field('Expiry').fill('');
    await field('Expiry').pressSequentially('0120');
    await submit();
    await expect(dialog.getByText('Card has expired', { exact: true })).toBeVisible();

    await field('Full name').fill('Alma Reyes');
    await field('Email').fill(donor);
    await field('Amount').fill('25');
    await field('Card number').fill('');
    // A 19-digit test card: the field keeps 19 digits and drops the twentieth.
    await field('Card number').pressSequentially('40000000000000000069');
    await expect(field('Card number')).toHaveValue('4000 0000 0000 0000 006');
    await field('Expiry').fill('');
    await field('Expiry').pressSequentially('1299');
    await expect(field('Expiry')).toHaveValue('12/99');
    await field('CVV').fill('123');
    // The browser alert blocks the page until handled, so accept it from the listener.
    const alerts: string[] = [];
    page.on('dialog', (shown) => {
      alerts.push(shown.message());
      void shown.accept();
    });

    // A declined card: the decline is shown in the dialog and nobody is thanked.
    await field('Card number').fill('');
    await field('Card number').pressSequentially('4000000000000002');
    await submit();
    await expect(dialog.getByText('Your card was declined.')).toBeVisible();
    expect(alerts).toEqual([]);

    await field('Card number').fill('');
    await field('Card number').pressSequentially('4242424242424242');
    const charity = await dialog.getByLabel('Charity to support').locator('option:checked').innerText();
    await submit();
    await expect.poll(() => alerts).toEqual([`Thank you for your donation to ${charity}!`]);
    await expect(dialog).toBeHidden();
    const receipts = await readMailbox(page.request, donor);
    expect(receipts.map((mail) => mail.subject)).toEqual([`Your donation to ${charity}`]);
    await expect(page.getByRole('button', { name: 'Donate', exact: true })).toBeFocused();
  });
});

test.describe('contact form', () => {
  test('validates, switches placeholder by tab, and sends a message to support', async ({ page, request }) => {
    await page.goto('/contact');
    await expect(page.getByRole('tab', { name: 'Campaign Organizer' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByPlaceholder('How can we help you with your event campaign?')).toBeVisible();
    await page.getByRole('tab', { name: 'User Support' }).click();
    await expect(page.getByPlaceholder('How can we help you?', { exact: true })).toBeVisible();

    const panel = page.getByRole('tabpanel');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of ['Email is required', 'Phone is required', 'Event name is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await panel.getByLabel(/^Phone/).fill('call me maybe');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Phone may contain only digits, spaces and ( ) # & + * - = .')).toBeVisible();
    await expectNoAxeViolations(page);

    const eventName = `Chili night ${Date.now()}`;
    await panel.getByLabel('Name', { exact: true }).fill('Rosa Diaz');
    await panel.getByLabel(/^Email/).fill('rosa@example.com');
    await panel.getByLabel(/^Phone/).fill('+1 (555) 010-2030');
    await panel.getByLabel(/^Event Name/).fill(eventName);
    await page.getByPlaceholder('How can we help you?', { exact: true }).fill('Can I move the date?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Thank you! Your message has been sent.', { exact: false })).toBeVisible();
    await expect(panel.getByLabel(/^Event Name/)).toHaveValue('');
    const mails = await readMailbox(request, 'support@pledgeway.org');
    expect(mails.some((mail) => mail.subject === `[User Support] ${eventName}`)).toBe(true);
  });
});

test.describe('newsletter', () => {
  test('shows the messages of docs/product.md#newsletter, subscribes, and the e-mailed link confirms', async ({ page, request }) => {
    await page.goto('/our-story');
    const form = page.getByRole('form', { name: 'Newsletter signup' });
    const input = form.getByLabel('Email address');
    const subscribe = form.getByRole('button', { name: 'Subscribe' });
    await subscribe.click();
    await expect(form.getByText('Please fill in your email address')).toBeVisible();
    await input.fill('someone@nowhere');
    await subscribe.click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();

    const email = `news-${Date.now()}@example.com`;
    await input.fill(email);
    await subscribe.click();
    await expect(form.getByText('Please check your inbox', { exact: false })).toBeVisible();
    await expect(input).toHaveValue('');

    const [mail] = await readMailbox(request, email);
    const link = /https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w-]+/.exec(mail!.text)![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: 'Your subscription is confirmed' })).toBeVisible();
    await page.goto(new URL(link).pathname + '?token=used-or-wrong');
    await expect(page.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
  });
});

test.describe('search overlay', () => {
  test('finds campaigns and charities as you type, by keyboard, and Escape closes', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const input = page.getByRole('combobox', { name: /Search campaigns and charities/ }).or(page.getByLabel('Search campaigns and charities'));
    await input.first().fill('kitch');
    await expect(page.getByRole('option', { name: /Brightpot Community Kitchens/ })).toBeVisible();
    await input.first().fill('chil');
    const option = page.getByRole('option', { name: /Firehouse Chili Showdown/ });
    await expect(option).toBeVisible();
    await expectNoAxeViolations(page, { include: ['[role="dialog"]'] });
    await input.first().press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await input.first().press('Enter');
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('says so when nothing matches', async ({ page }) => {
    await page.goto('/events');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByLabel('Search campaigns and charities').first().fill('zzqxv');
    await expect(page.getByText('No campaigns or charities match', { exact: false })).toBeVisible();
  });
});
