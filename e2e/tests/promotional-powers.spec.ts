import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { demo, demoCampaign, expect, expectNoAxeViolations, login, registerUser, signIn, test, type TestUser } from '../fixtures';
import { accessToken } from './campaign-helpers';

/** Bidding Power, Event Stacking and Third-Party Promotion, end to end (docs/decisions/069-bidding-stacking-promotion.md). */

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

/** A new user with a saved sandbox card, made through the API as the card form would. */
async function supporterWithCard(request: APIRequestContext): Promise<{ user: TestUser; token: string; cardId: string }> {
  const user = await registerUser(request);
  const token = await accessToken(request, user.email, user.password);
  const headers = { authorization: `Bearer ${token}` };
  const tokenized = await request.post('/api/sandbox/cards', {
    headers,
    data: { holder_name: user.name, number: '4242 4242 4242 4242', expiry: `10/${nextYear}`, cvv: '123' },
  });
  expect(tokenized.status()).toBe(201);
  const saved = await request.post('/api/payment-methods', { headers, data: { token: (await tokenized.json()).token } });
  expect(saved.status()).toBe(201);
  return { user, token, cardId: (await saved.json()).data.id as string };
}

async function signedInPage(browser: Browser, baseURL: string | undefined, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, user.email, user.password);
  return page;
}

const raisedText = (page: Page) => page.locator('aside p').filter({ hasText: 'raised of' });

test.describe('promotional powers', () => {
  test('a supporter raises their pledge from the campaign page and the total moves', async ({ page, request, browser, baseURL }) => {
    test.slow(); // Two browsers: a pledge raised in one, the total watched in the other.
    // API calls go through their own context: a log-in there must not sign the page in.
    const campaign = await demoCampaign(request, 'event');
    const supporter = await supporterWithCard(request);
    const pledged = await request.post(`/api/events/${campaign._id}/pledges`, {
      headers: { authorization: `Bearer ${supporter.token}` },
      data: { amount: 20, tip_percent: 0, payment_method_id: supporter.cardId },
    });
    expect(pledged.status()).toBe(201);

    const watcherContext = await browser.newContext({ baseURL });
    const watcher = await watcherContext.newPage();
    await watcher.goto(`/events/${campaign._id}`);
    const before = (await raisedText(watcher).innerText()).trim();

    await signIn(page, supporter.user.email, supporter.user.password);
    await page.goto(`/events/${campaign._id}`);
    const mine = page.getByRole('region', { name: 'Your pledge' });
    await expect(mine).toContainText('$20.00');
    await mine.getByRole('button', { name: 'Raise my pledge' }).click();
    const dialog = page.getByRole('dialog', { name: `Raise your pledge to ${campaign.name}` });
    await dialog.getByLabel('New pledge amount (USD)').fill('15');
    await dialog.getByRole('button', { name: 'Raise my pledge' }).click();
    await expect(dialog.getByText('Your new pledge must be higher than your current pledge of $20.00')).toBeVisible();
    await dialog.getByLabel('New pledge amount (USD)').fill('45');
    // $45 with no tip: 3% is $1.35, the card fee on $45.00 is $1.31 + $0.30.
    const breakdown = dialog.getByRole('region', { name: 'Breakdown' });
    await expect(breakdown).toContainText('Platform fee$1.35');
    await expect(breakdown).toContainText('Estimated card fee$1.61');
    await expect(breakdown).toContainText('Total charged when the event is completed$45.00');
    await expectNoAxeViolations(page, { include: ['[role="dialog"]'] });
    await dialog.getByRole('button', { name: 'Raise my pledge to $45.00' }).click();
    const done = page.getByRole('dialog', { name: 'Pledge raised' });
    await expect(done.getByText('Your pledge is now $45.00.', { exact: false })).toBeVisible();
    await done.getByRole('button', { name: 'Close' }).first().click();

    await expect(mine).toContainText('$45.00');
    await expect(raisedText(watcher)).not.toHaveText(before, { timeout: 15_000 });
    await page.goto('/user/pledges');
    await expect(page.getByText('$45.00 PLEDGE')).toBeVisible();
    await watcherContext.close();
  });

  test('a host stacks two campaigns and a visitor sees the stack page', async ({ page, browser, baseURL }) => {
    test.slow(); // A stack made by the host, then opened by a visitor in a second browser.
    const title = `Spring stack ${Date.now()}`;
    await signIn(page, demo.ava.email, demo.ava.password);
    await page.goto('/user/events');
    await page.getByRole('link', { name: 'Stack campaigns' }).click();
    await expect(page.getByRole('heading', { name: 'My Stacks' })).toBeVisible();
    await page.getByRole('button', { name: 'New stack' }).click();
    const dialog = page.getByRole('dialog', { name: 'New stack' });
    await dialog.getByRole('button', { name: 'Publish stack' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Short description (optional)').fill('Two neighbourhood events, one total.');
    await dialog.getByRole('checkbox', { name: 'Principal on the Roof' }).check();
    await dialog.getByRole('button', { name: 'Publish stack' }).click();
    await expect(dialog.getByText('Choose at least 2 campaigns')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Ten Dogs, Ten Veterans' }).check();
    await dialog.getByRole('button', { name: 'Publish stack' }).click();
    await expect(page).toHaveURL(/\/stacks\/[0-9a-f-]{36}$/);
    const stackUrl = new URL(page.url()).pathname;

    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(stackUrl);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByText('Raised together')).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Principal on the Roof' })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Ten Dogs, Ten Veterans' })).toBeVisible();
    await expectNoAxeViolations(visitor);
    // The shared link previews with the stack's own title.
    const html = await (await visitor.request.get(stackUrl)).text();
    expect(html).toContain(`<meta property="og:title" content="${title} — Pledgeway">`);
    await visitor.getByRole('link', { name: 'Pledge to Ten Dogs, Ten Veterans' }).click();
    await expect(visitor).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Ten Dogs, Ten Veterans' })).toBeVisible();
    await visitorContext.close();
  });

  test('a user asks to promote, the host accepts, a pledge through the link is credited on the page', async ({ page, request, browser, baseURL }) => {
    test.slow(); // Four browsers, two sign-ins, a card and a pledge.
    const campaign = await demoCampaign(request, 'crowdfunding');
    // A retry finds the first attempt's request on the same campaign: this note is this attempt's own.
    const note = `I will share it with my running club (${randomUUID().slice(0, 8)}).`;
    const promoter = await registerUser(request);
    await signIn(page, promoter.email, promoter.password);
    await page.goto(`/events/${campaign._id}`);
    await page.getByRole('button', { name: 'Promote this campaign' }).click();
    const ask = page.getByRole('dialog', { name: `Promote ${campaign.name}` });
    await ask.getByLabel('Note to the host (optional)').fill(note);
    await ask.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Your request is sent. You can share your own link once the host accepts it.')).toBeVisible();

    const host = await signedInPage(browser, baseURL, demo.ava);
    await host.goto(`/user/event/${campaign._id}`);
    const requests = host.getByRole('region', { name: 'Promoters' });
    await expect(requests.getByText(note)).toBeVisible();
    await requests.getByRole('button', { name: `Accept ${promoter.name}` }).click();
    await expect(host.getByText(`${promoter.name} can now share their promotion link`)).toBeVisible();

    await page.reload();
    const link = await page.getByLabel('Your promotion link').inputValue();
    expect(link).toMatch(new RegExp(`/events/${campaign._id}\\?via=[0-9a-f-]{36}$`));

    const supporter = await supporterWithCard(request);
    const fan = await signedInPage(browser, baseURL, supporter.user);
    await fan.goto(new URL(link).pathname + new URL(link).search);
    await fan.getByRole('button', { name: 'Pledge Now' }).click();
    const pledge = fan.getByRole('dialog', { name: `Pledge to ${campaign.name}` });
    await pledge.getByLabel('Pledge amount (USD)').fill('30');
    await pledge.getByRole('radio', { name: 'NO' }).check();
    await expect(pledge.getByRole('radio', { name: /4242/ })).toBeChecked();
    await pledge.getByRole('button', { name: 'Confirm pledge of $30.00' }).click();
    await expect(fan.getByRole('dialog', { name: 'Pledge saved' })).toBeVisible();

    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/events/${campaign._id}`);
    const promoters = visitor.getByRole('region', { name: 'Promoters' });
    const credit = promoters.getByRole('listitem').filter({ hasText: `Promoted by ${promoter.name}` });
    await expect(credit).toContainText('1 pledge · $30.00 pledged through their link');
    await credit.getByRole('link', { name: promoter.name }).click();
    await expect(visitor.getByRole('heading', { name: `Promoted by ${promoter.name}` })).toBeVisible();
    await expect(visitor.getByText(`through ${promoter.name}'s link`)).toContainText('1 pledge · $30.00');
    await Promise.all([visitorContext.close(), host.context().close(), fan.context().close()]);
  });
});
