import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { demo, demoCampaign, expect, login, registerUser, signIn, test, waitForSessionChecked, type TestUser } from '../fixtures';
import { accessToken, uploadAndCrop } from './campaign-helpers';

/** Fundraising pages, end to end (docs/decisions/110-fundraising-pages.md). */

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

/** A new user with a saved sandbox card, made through the API as the card form would. */
async function supporterWithCard(request: APIRequestContext): Promise<TestUser> {
  const user = await registerUser(request);
  const headers = { authorization: `Bearer ${await accessToken(request, user.email, user.password)}` };
  const tokenized = await request.post('/api/sandbox/cards', {
    headers,
    data: { holder_name: user.name, number: '4242 4242 4242 4242', expiry: `10/${nextYear}`, cvv: '123' },
  });
  expect(tokenized.status()).toBe(201);
  expect((await request.post('/api/payment-methods', { headers, data: { token: (await tokenized.json()).token } })).status()).toBe(201);
  return user;
}

async function signedInPage(browser: Browser, baseURL: string | undefined, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, user.email, user.password);
  return page;
}

test.describe('fundraising pages', () => {
  test('a supporter starts a page, a fan pledges through it, the leaderboard and the owner see it, and the host hides it', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.slow(); // Three browsers, a picture cropped, a card, a pledge and a hide.
    const campaign = await demoCampaign(request, 'event');
    const suffix = randomUUID().slice(0, 8);
    const title = `Running for the roof ${suffix}`;
    const slug = `roof-run-${suffix}`;

    const runner = await registerUser(request);
    await signIn(page, runner.email, runner.password);
    await page.goto(`/events/${campaign._id}`);
    const fundraisers = page.getByRole('region', { name: 'Fundraisers' });
    await fundraisers.getByRole('link', { name: 'Start a fundraising page' }).click();
    // Before hydration the link loads the page from its address, which checks the session first.
    await waitForSessionChecked(page);
    await expect(page.getByRole('heading', { name: 'Start a fundraising page' })).toBeVisible();
    // Bad input is refused with the form's own messages.
    await page.getByRole('button', { name: 'Start my page' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Tell supporters why you are raising money')).toBeVisible();
    await page.getByLabel('Page title').fill(title);
    await page.getByLabel('Your story').fill('I will climb onto the roof with the principal if we raise enough.');
    await page.getByLabel('Your target ($)').fill('250');
    await page.getByLabel('Your link').fill(slug);
    await uploadAndCrop(page, 'Picture (optional)');
    await page.getByRole('button', { name: 'Start my page' }).click();
    await expect(page).toHaveURL(new RegExp(`/fundraisers/${slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('$0.00 raised of $250')).toBeVisible();

    const fanUser = await supporterWithCard(request);
    const fan = await signedInPage(browser, baseURL, fanUser);
    await fan.goto(`/fundraisers/${slug}`);
    await fan.getByRole('button', { name: 'Pledge through this page' }).click();
    const pledge = fan.getByRole('dialog', { name: `Pledge to ${campaign.name}` });
    await pledge.getByLabel('Pledge amount (USD)').fill('25');
    await pledge.getByRole('radio', { name: 'NO' }).check();
    await expect(pledge.getByRole('radio', { name: /4242/ })).toBeChecked();
    await pledge.getByRole('button', { name: 'Confirm pledge of $25.00' }).click();
    await expect(fan.getByRole('dialog', { name: 'Pledge saved' })).toBeVisible();

    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/events/${campaign._id}`);
    const entry = visitor.getByRole('region', { name: 'Fundraisers' }).getByRole('listitem').filter({ hasText: title });
    await expect(entry).toContainText('$25.00');
    await expect(entry).toContainText(`by ${runner.name} · 1 supporter`);
    await entry.getByRole('link', { name: title }).click();
    await expect(visitor.getByText('$25.00 raised of $250')).toBeVisible();

    await page.goto('/user/fundraising-pages');
    const mine = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    const supporters = mine.getByRole('region', { name: `Supporters of ${title}` });
    await expect(supporters).toContainText(fanUser.name);
    await expect(supporters).toContainText('$25.00');

    const host = await signedInPage(browser, baseURL, demo.ava);
    await host.goto(`/user/event/${campaign._id}`);
    await host
      .getByRole('region', { name: 'Fundraising pages' })
      .getByRole('button', { name: `Hide ${title}` })
      .click();
    await host.getByRole('dialog', { name: 'Hide this fundraising page?' }).getByRole('button', { name: 'Hide page' }).click();
    await expect(host.getByText('Page hidden. It no longer shows on the campaign, and its link says so.')).toBeVisible();

    await visitor.goto(`/fundraisers/${slug}`);
    await expect(visitor.getByRole('heading', { name: 'This page was hidden' })).toBeVisible();
    await visitor.goto(`/events/${campaign._id}`);
    await expect(visitor.getByRole('region', { name: 'Fundraisers' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("Hidden by the campaign's host")).toBeVisible();
    await Promise.all([visitorContext.close(), host.context().close(), fan.context().close()]);
  });
});

test('the owner edits their page from My Fundraising Pages: bad input is refused, the new title and target show, the link stays', async ({ page, request }) => {
  const campaign = await demoCampaign(request, 'event');
  const suffix = randomUUID().slice(0, 8);
  const slug = `edit-run-${suffix}`;
  const runner = await registerUser(request);
  const started = await request.post(`/api/events/${campaign._id}/fundraising-pages`, {
    headers: { authorization: `Bearer ${await accessToken(request, runner.email, runner.password)}` },
    data: { title: `First title ${suffix}`, story: 'Why I run, first draft.', target_amount: 100, slug },
  });
  expect(started.status()).toBe(201);

  await signIn(page, runner.email, runner.password);
  await page.goto('/user/fundraising-pages');
  await page.getByRole('link', { name: `Edit First title ${suffix}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit your fundraising page' })).toBeVisible();
  await expect(page.getByText(`/fundraisers/${slug}`)).toBeVisible();
  await expect(page.getByLabel('Page title')).toHaveValue(`First title ${suffix}`);
  await page.getByLabel('Page title').fill('');
  await page.getByLabel('Your target ($)').fill('5');
  await page.getByRole('button', { name: 'Save my page' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Target must be at least $10')).toBeVisible();

  await page.getByLabel('Page title').fill(`Second title ${suffix}`);
  await page.getByLabel('Your story').fill('Why I run, as I would tell it now.');
  await page.getByLabel('Your target ($)').fill('320');
  await page.getByRole('button', { name: 'Save my page' }).click();
  await expect(page.getByText('Your page is saved.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/fundraisers/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Second title ${suffix}` })).toBeVisible();
  await expect(page.getByText('Why I run, as I would tell it now.')).toBeVisible();
  await expect(page.getByText('$0.00 raised of $320')).toBeVisible();
});

test('the owner closes their page: it keeps its total, its link says it is closed and offers the campaign, and it can be reopened', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const campaign = await demoCampaign(request, 'event');
  const suffix = randomUUID().slice(0, 8);
  const title = `Closing run ${suffix}`;
  const slug = `close-run-${suffix}`;
  const runner = await registerUser(request);
  const started = await request.post(`/api/events/${campaign._id}/fundraising-pages`, {
    headers: { authorization: `Bearer ${await accessToken(request, runner.email, runner.password)}` },
    data: { title, story: 'Why I run, until I stop.', target_amount: 100, slug },
  });
  expect(started.status()).toBe(201);

  await signIn(page, runner.email, runner.password);
  await page.goto('/user/fundraising-pages');
  const mine = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await mine.getByRole('button', { name: `Close ${title}` }).click();
  const asked = page.getByRole('dialog', { name: 'Close your fundraising page?' });
  await expect(asked).toContainText('keeps the $0.00 pledged through it');
  await asked.getByRole('button', { name: 'Close page' }).click();
  await expect(page.getByText('Page closed. It keeps what was pledged through it; new pledges through its link go to the campaign alone.')).toBeVisible();
  await expect(mine.getByText('Closed', { exact: true })).toBeVisible();

  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/fundraisers/${slug}`);
  await expect(visitor.getByRole('status').filter({ hasText: 'This page is closed: it takes no new pledges.' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Pledge through this page' })).toHaveCount(0);
  await visitor.getByRole('link', { name: 'Go to the campaign' }).click();
  await expect(visitor).toHaveURL(`/events/${campaign._id}`);
  await expect(visitor.getByRole('region', { name: 'Fundraisers' }).getByRole('listitem').filter({ hasText: title })).toContainText('closed');
  await visitorContext.close();

  await mine.getByRole('button', { name: `Reopen ${title}` }).click();
  await expect(page.getByText('Page reopened. Pledges through its link count for it again.')).toBeVisible();
  await expect(mine.getByRole('button', { name: `Close ${title}` })).toBeVisible();
});
