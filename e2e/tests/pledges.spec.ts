import { addNewCard, demoCampaign, expect, expectNoAxeViolations, loginThroughForm, readMailbox, registerUser, test, waitForHydration } from '../fixtures';

test.describe('pledging on a live campaign', () => {
  test('a supporter pledges with a tip and another open page sees the total move without reload', async ({ page, browser, baseURL }) => {
    test.slow(); // Two browsers: a pledge in one, the live total in the other.
    const campaign = await demoCampaign(page, 'event');
    const eventPath = `/events/${campaign._id}`;

    // The watcher: a visitor with the page open in another browser.
    const watcherContext = await browser.newContext({ baseURL });
    const watcher = await watcherContext.newPage();
    await watcher.goto(eventPath);
    const raisedBefore = (await watcher.locator('aside p').filter({ hasText: 'raised of' }).innerText()).trim();

    // A visitor pressing Pledge is asked to log in and comes back to the campaign.
    const supporter = await registerUser(page);
    await page.goto(eventPath);
    // The app's way there, with the way back in the history state. Pressed before the app has
    // hydrated, the button is a form with the way back in the address instead
    // (money-buttons-before-hydration.spec.ts).
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Pledge Now' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loginThroughForm(page, supporter.email, supporter.password);
    await expect(page).toHaveURL(new RegExp(`${eventPath}$`));

    await page.getByRole('button', { name: 'Pledge Now' }).click();
    const dialog = page.getByRole('dialog', { name: `Pledge to ${campaign.name}` });
    // The dialog's code and the supporter's saved methods load on the first press: on a loaded CI
    // machine that has taken more than Playwright's 5 s.
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole('button', { name: /Confirm pledge/ }).click();
    await expect(dialog.getByText('Amount is required')).toBeVisible();
    await expect(dialog.getByText('Please select a payment method or add a new one')).toBeVisible();

    await dialog.getByLabel('Pledge amount (USD)').fill('25');
    await expect(dialog.getByRole('radio', { name: 'YES' })).toBeChecked();
    // $25 pledge, 20% tip $5, 3% platform fee $0.75, card fee on $30: $0.87 + $0.30.
    await expect(dialog.getByText('Tip: 20% ($5.00)')).toBeVisible();
    const breakdown = dialog.getByRole('region', { name: 'Breakdown' });
    await expect(breakdown).toContainText('Platform fee$0.75');
    await expect(breakdown).toContainText('Estimated card fee$1.17');
    await expect(breakdown).toContainText('Total charged when the event is completed$30.00');
    await expect(breakdown).toContainText('$23.08');

    await addNewCard(page, dialog, { holder: supporter.name, number: '4242424242424242' });
    await expect(dialog.getByRole('radio', { name: /4242/ })).toBeChecked();
    await dialog.getByLabel('Public message (optional)').fill('Run fast!');
    await expectNoAxeViolations(page, { include: ['[role="dialog"]'] });
    await page.screenshot({ path: `/tmp/pledge-dialog-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });

    await dialog.getByRole('button', { name: 'Confirm pledge of $30.00' }).click();
    const saved = page.getByRole('dialog', { name: 'Pledge saved' });
    await expect(saved.getByText('Your pledge is saved. Your card will be charged only when the event is completed.')).toBeVisible();

    // The other page's total moves without a reload, and the supporter appears in its list.
    await expect(watcher.locator('aside p').filter({ hasText: 'raised of' })).not.toHaveText(raisedBefore, { timeout: 15_000 });
    await expect(watcher.getByText('Run fast!')).toBeVisible({ timeout: 15_000 });

    const mails = await readMailbox(page.request, supporter.email);
    expect(mails.some((mail) => mail.subject === `Your pledge to ${campaign.name}`)).toBe(true);
    await watcherContext.close();
  });
});
