import { demoCampaign, expect, registerUser, signIn, test } from '../fixtures';
import { holdBackAppScripts, openAsSent } from './hydration-helpers';

test.describe('a money button pressed before the app has hydrated', () => {
  test('a visitor pressing Pledge Now goes to the log-in page and, once logged in, comes back to the campaign', async ({ page }) => {
    const campaign = await demoCampaign(page, 'event');
    const eventPath = `/events/${campaign._id}`;
    const visitor = await registerUser(page);
    const scripts = await holdBackAppScripts(page);
    await openAsSent(page, eventPath);
    await page.getByRole('button', { name: 'Pledge Now' }).click();
    // The page the button leads to, with the way back in its address: no script is needed.
    await expect(page).toHaveURL(`/login?from=${encodeURIComponent(eventPath)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();

    await scripts.release();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(visitor.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(visitor.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(eventPath);
  });

  test('a signed-in supporter pressing Pledge Now gets the pledge dialog once the app has hydrated', async ({ page }) => {
    const campaign = await demoCampaign(page, 'event');
    const eventPath = `/events/${campaign._id}`;
    const supporter = await registerUser(page);
    await signIn(page, supporter.email, supporter.password);
    const scripts = await holdBackAppScripts(page);
    await openAsSent(page, eventPath);
    const pledge = page.getByRole('button', { name: 'Pledge Now' });
    // The server cannot know who is signed in, only that someone may be: the button still takes the press.
    await expect(pledge).toBeEnabled();
    await pledge.click();

    await scripts.release();
    // Held for the app, not sent to the log-in page (which would send a signed-in user to the dashboard).
    // Released at once, the scripts still run one after the other: the app hydrates, checks the
    // session, then loads the dialog's code (5.2 s once on a machine shared with other work): 15 s.
    await expect(page.getByRole('dialog', { name: `Pledge to ${campaign.name}` })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(eventPath);
  });

  test("a signed-in supporter pressing a runoff option's Pledge button gets the dialog with that option once its code has arrived", async ({ page }) => {
    // The runoff's section hydrates after the rest of the page, from its own chunk.
    const campaign = await demoCampaign(page, 'runoff');
    const eventPath = `/events/${campaign._id}`;
    const detail = (await (await page.request.get(`/api/events/show/${campaign._id}`)).json()) as { participants: { _id: string; full_name: string }[] };
    const option = detail.participants[1]!;
    const supporter = await registerUser(page);
    await signIn(page, supporter.email, supporter.password);
    const scripts = await holdBackAppScripts(page);
    await openAsSent(page, eventPath);
    await page.getByRole('button', { name: `Pledge to ${option.full_name}` }).click();

    await scripts.release();
    // As above: hydration, the session check, the runoff's chunk and the dialog's code one after the other.
    const dialog = page.getByRole('dialog', { name: `Pledge to ${campaign.name}` });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByLabel('Option you back')).toHaveValue(option._id);
    await expect(page).toHaveURL(eventPath);
  });

  test('a visitor pressing Donate on the charities page gets the donation dialog once the app has hydrated', async ({ page }) => {
    const scripts = await holdBackAppScripts(page);
    await openAsSent(page, '/charities');
    await page.getByRole('button', { name: 'Donate', exact: true }).click();

    await scripts.release();
    await expect(page.getByRole('dialog', { name: /^Donate to / })).toBeVisible();
    await expect(page).toHaveURL('/charities');
  });
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('Pledge Now still leads a visitor to the log-in page with the way back', async ({ page }) => {
    const campaign = await demoCampaign(page, 'event');
    const eventPath = `/events/${campaign._id}`;
    await page.goto(eventPath);
    await page.getByRole('button', { name: 'Pledge Now' }).click();
    await expect(page).toHaveURL(`/login?from=${encodeURIComponent(eventPath)}`);
  });
});
