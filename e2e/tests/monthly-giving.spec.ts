import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, readMailbox, registerUser, signIn, test, type TestUser } from '../fixtures';
import { accessToken, bearer } from './campaign-helpers';
import { pdfText } from './pdf-text';

/*
 * Monthly giving, the whole walk in the browser (decisions 140 and 170): a supporter starts a
 * monthly gift and gets the first receipt; months pass through the sandbox's "let a month pass"
 * (its dev-only hook, absent with Stripe): a declined renewal, an update of the card that charges
 * that month once, a card the bank wants confirmed whose e-mail link leads to the on-site
 * confirmation that charges the month, a change of amount, a pause and a cancel. Every screen and
 * e-mail is checked for the true date and amount (from the server's own record of each month), and
 * the giving statement lists each charge. Screenshots at 390 and 1440 px go to SHOTS_DIR.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/monthly-shots';
const CARDS = { visa: '4242 4242 4242 4242', declined: '4000 0000 0000 0341', authentication: '4000 0027 6000 3184' } as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The app's own date format (UTC), written again here so the test checks it rather than reuses it. */
const utcDay = (iso: string) => {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
};

interface Month {
  _id: string;
  period: string;
  due_at: string;
  amount: number;
  tip: number;
  status: string;
  charged_at: string | null;
  next_retry_at: string | null;
}
interface Gift {
  _id: string;
  charity_name: string;
  status: string;
  next_charge_at: string | null;
  charges: Month[];
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const viewport = page.viewportSize()!;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewport);
}

/** A sandbox card saved through the API (the card form is not this walk's subject). */
async function saveCard(request: APIRequestContext, token: string, number: string, holder: string) {
  const tokenized = await request.post('/api/sandbox/cards', { data: { holder_name: holder, number, expiry: '12/35', cvv: '123' } });
  expect(tokenized.status(), await tokenized.text()).toBe(201);
  const saved = await request.post('/api/payment-methods', { headers: bearer(token), data: { token: (await tokenized.json()).token } });
  expect(saved.status(), await saved.text()).toBe(201);
  return { id: ((await saved.json()).data as { id: string }).id, last4: number.replace(/\s/g, '').slice(-4) };
}

/** The server's record of the gift: what each screen and e-mail must state. */
async function giftOf(request: APIRequestContext, token: string): Promise<Gift> {
  const answer = await request.get('/api/monthly-gifts', { headers: bearer(token) });
  return ((await answer.json()).data.gifts as Gift[])[0]!;
}

async function mail(request: APIRequestContext, to: string, kind: string, count: number) {
  let found: { subject: string; text: string; kind: string }[] = [];
  await expect
    .poll(async () => (found = (await readMailbox(request, to)).filter((message) => message.kind === kind)).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(count);
  // The mailbox lists the newest first.
  return found[0]!;
}

async function chooseCard(page: Page, gift: Locator, last4: string, submit: RegExp) {
  await gift.getByRole('button', { name: /^(Update payment method|Change payment method)$/ }).click();
  await gift.getByRole('radio', { name: new RegExp(`•••• ${last4}`) }).check();
  await gift.getByRole('button', { name: submit }).click();
}

async function letAMonthPass(page: Page, gift: Locator) {
  await gift.getByRole('button', { name: 'Sandbox: let a month pass' }).click();
  await expect(page.getByRole('status').filter({ hasText: /A month passed|Nothing was due/ })).toBeVisible({ timeout: 20_000 });
}

test.describe.configure({ mode: 'serial' });

for (const width of [390, 1440]) {
  test(`monthly giving, the whole walk at ${width} px: start, receipt, decline, new card, bank confirmation, amount, pause, cancel, statement`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const user: TestUser = await registerUser(request);
    const token = await accessToken(request, user.email, user.password);
    const visa = await saveCard(request, token, CARDS.visa, user.name);
    const declining = await saveCard(request, token, CARDS.declined, user.name);
    const asking = await saveCard(request, token, CARDS.authentication, user.name);
    await signIn(page, user.email, user.password);
    const shot = (name: string) => (width === 390 ? shoot(page, name) : Promise.resolve());

    // Start: this month is charged at once, the next charge is on the chosen day of next month.
    await page.goto('/user/giving');
    await page.getByRole('button', { name: 'Give monthly' }).first().click();
    const form = page.locator('form[aria-labelledby="start-monthly-title"]');
    await form.getByLabel('Monthly amount (USD)').fill('25');
    await form.getByLabel('Tip to Pledgeway (optional, USD)').fill('2');
    await form
      .getByRole('radio', { name: new RegExp(`•••• ${visa.last4}`) })
      .first()
      .check();
    await form.getByRole('button', { name: 'Give monthly' }).click();
    // Read the gift once the start is answered (the first month is charged in that request).
    const thanks = page.getByRole('status').filter({ hasText: 'Thank you!' });
    await expect(thanks).toBeVisible({ timeout: 15_000 });
    let gift = await giftOf(request, token);
    await expect(thanks).toHaveText(
      `Thank you! Your payment method was charged $27.00 for this month’s gift to ${gift.charity_name}. The next charge is on ${utcDay(gift.next_charge_at!)}.`,
    );
    const today = new Date();
    const chargeDay = today.getUTCDate();
    const next = new Date(gift.next_charge_at!);
    // The next charge is next month, on today's day (or that month's last day).
    expect((next.getUTCMonth() - today.getUTCMonth() + 12) % 12).toBe(1);
    expect(next.getUTCDate()).toBe(Math.min(chargeDay, new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()));
    const card = page.locator(`#gift-${gift._id}`);
    await expect(card.getByText(`${utcDay(gift.next_charge_at!)}: $27.00`)).toBeVisible();
    const first = await mail(request, user.email, 'monthly-gift-receipt', 1);
    expect(first.subject).toBe(`Your monthly gift to ${gift.charity_name}: receipt for ${utcDay(gift.charges[0]!.due_at)}`);
    expect(first.text).toContain('Your payment method was charged $27.00 ($25.00 gift and $2.00 tip to Pledgeway)');
    expect(first.text).toContain(`The next charge is $27.00 on ${utcDay(gift.next_charge_at!)}.`);
    await expectNoAxeViolations(page, { include: ['main'] });
    await shot('1-started');

    // A declined renewal: the month waits for a retry, the supporter is told the date, amount and when it is tried again.
    await chooseCard(page, card, declining.last4, /^Use this payment method$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your monthly gift will be charged to' })).toBeVisible();
    await letAMonthPass(page, card);
    gift = await giftOf(request, token);
    const declined = gift.charges.find((month) => month.status === 'failed')!;
    await expect(card.getByText(`Declined: Your card was declined. Next try ${utcDay(declined.next_retry_at!)}.`)).toBeVisible();
    await expect(card.getByText(`The charge of ${utcDay(declined.due_at)} ($27.00) is unpaid.`, { exact: false })).toBeVisible();
    const declinedMail = await mail(request, user.email, 'monthly-gift-declined', 1);
    expect(declinedMail.text).toContain(`We will try again on ${utcDay(declined.next_retry_at!)}.`);
    expect(declinedMail.text).toContain(
      `We could not charge $27.00 for your monthly gift to ${gift.charity_name} due on ${utcDay(declined.due_at)}: Your card was declined.`,
    );
    await shot('2-declined');

    // The card is updated: that month is charged once, now, on it.
    await chooseCard(page, card, visa.last4, /Use this method and charge the unpaid month/);
    await expect(page.getByRole('status').filter({ hasText: 'the unpaid charge went through on it' })).toBeVisible({ timeout: 20_000 });
    const second = await mail(request, user.email, 'monthly-gift-receipt', 2);
    expect(second.subject).toBe(`Your monthly gift to ${gift.charity_name}: receipt for ${utcDay(declined.due_at)}`);
    await expect(card.getByText(`${utcDay(declined.due_at)}: $27.00`)).toBeVisible();

    // A card the bank wants confirmed: the e-mail's link leads to the confirmation page, which charges the month once.
    await chooseCard(page, card, asking.last4, /^Use this payment method$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your monthly gift will be charged to' })).toBeVisible();
    await letAMonthPass(page, card);
    gift = await giftOf(request, token);
    const waiting = gift.charges.find((month) => month.status === 'action_required')!;
    await expect(card.getByText('Your bank asks for your confirmation; nothing was charged yet.')).toBeVisible();
    const asked = await mail(request, user.email, 'monthly-gift-action-required', 1);
    expect(asked.text).toContain(
      `before charging $27.00 for your monthly gift to ${gift.charity_name} due on ${utcDay(waiting.due_at)}, so nothing was charged.`,
    );
    const link = /Confirm payment: (\S+)/.exec(asked.text)![1]!;
    expect(new URL(link).pathname).toBe(`/user/giving/${gift._id}/confirm/${waiting._id}`);
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
    const facts = page.locator('dl');
    await expect(facts).toContainText(gift.charity_name);
    await expect(facts).toContainText('$27.00 ($25.00 gift and $2.00 tip to Pledgeway)');
    await expect(facts).toContainText(utcDay(waiting.due_at));
    await expect(facts).toContainText('Waiting for your confirmation; nothing charged yet');
    await expectNoAxeViolations(page, { include: ['main'] });
    await shot('3-confirm-page');
    // Keyboard: the sandbox bank's approve button is reached and pressed like any button.
    await page.getByRole('button', { name: 'Approve payment' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toHaveText(
      `Thank you! Your card was charged $27.00 for your monthly gift to ${gift.charity_name} due on ${utcDay(waiting.due_at)}.`,
    );
    await expect(facts).toContainText(/Charged on /);
    await expect(page.getByRole('button', { name: 'Approve payment' })).toHaveCount(0);
    await shot('4-confirmed');
    const third = await mail(request, user.email, 'monthly-gift-receipt', 3);
    expect(third.subject).toBe(`Your monthly gift to ${gift.charity_name}: receipt for ${utcDay(waiting.due_at)}`);
    // A second press (another tab, the link opened again) charges nothing more.
    const again = await request.post(`/api/monthly-gifts/${gift._id}/charges/${waiting._id}/confirm`, {
      headers: bearer(token),
      data: { sandbox_outcome: 'approve' },
    });
    expect((await again.json()).message).toBe(`This month’s gift to ${gift.charity_name} was already charged ($27.00); nothing more was charged.`);

    // Back on My Giving: a change of amount from the next charge, a pause, a cancel, each stated with its date and amount.
    await page.getByRole('link', { name: 'Back to My Giving' }).click();
    await chooseCard(page, card, visa.last4, /^Use this payment method$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your monthly gift will be charged to' })).toBeVisible();
    gift = await giftOf(request, token);
    await card.getByRole('button', { name: 'Change amount' }).click();
    await card.getByLabel('Monthly amount (USD)').fill('40');
    await card.getByLabel('Tip (USD)').fill('0');
    await card.getByRole('button', { name: 'Save from the next charge' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'your monthly gift is' })).toHaveText(
      `From the charge on ${utcDay(gift.next_charge_at!)}, your monthly gift is $40.00.`,
    );
    expect((await mail(request, user.email, 'monthly-gift-changed', 5)).text).toContain(
      `From the charge on ${utcDay(gift.next_charge_at!)}, your monthly gift is $40.00.`,
    );

    await card.getByRole('button', { name: 'Pause' }).click();
    await card.getByLabel('Skip the next').selectOption('1');
    await card.getByRole('button', { name: 'Pause' }).last().click();
    // Read the gift once the pause is answered, not while it is still being saved.
    const pausedNotice = page.getByRole('status').filter({ hasText: 'paused' });
    await expect(pausedNotice).toBeVisible();
    const paused = await giftOf(request, token);
    await expect(pausedNotice).toHaveText(
      `Your monthly gift is paused. The next charge is on ${utcDay(paused.next_charge_at!)} ($40.00). Skipped: ${utcDay(gift.next_charge_at!)}.`,
    );
    await shot('5-paused');

    await card.getByRole('button', { name: 'Cancel gift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this monthly gift?' });
    await expect(dialog).toContainText(
      `Your gift of $40.00 a month to ${gift.charity_name} stops now: the charge of ${utcDay(paused.next_charge_at!)} will not be made.`,
    );
    await dialog.getByRole('button', { name: 'Cancel gift' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is cancelled' })).toHaveText(
      `Your monthly gift to ${gift.charity_name} is cancelled. Nothing more will be charged.`,
    );
    expect((await mail(request, user.email, 'monthly-gift-changed', 7)).text).toContain('is cancelled. Nothing more will be charged.');
    await shot('6-cancelled');

    // The giving statement lists each month charged: three of $25.00 given and $2.00 tipped.
    const charged = (await giftOf(request, token)).charges.filter((month) => month.status === 'charged');
    expect(charged).toHaveLength(3);
    const years = (await (await request.get('/api/me/statements', { headers: bearer(token) })).json()).data.years as {
      year: number;
      given: number;
      tips: number;
      charges: number;
    }[];
    const year = new Date(charged[0]!.charged_at!).getUTCFullYear();
    expect(years.find((entry) => entry.year === year)).toMatchObject({ given: 75, tips: 6, charges: 3 });
    const statement = await request.get(`/api/me/statements/${year}.pdf`, { headers: bearer(token) });
    expect(statement.status()).toBe(200);
    const text = await pdfText(await statement.body());
    expect(text.match(/Monthly gift/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    await page.goto('/user/statements');
    await expect(page.getByText(String(year)).first()).toBeVisible();
    await shot('7-statements');
  });
}
