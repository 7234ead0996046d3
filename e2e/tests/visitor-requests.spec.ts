import { demoCampaign, expect, test } from '../fixtures';

test('a visitor loads ten public pages without a console error or a failed request', async ({ page }) => {
  test.slow(); // Ten public pages loaded in turn.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // Leaving a page cancels what it was still loading (net::ERR_ABORTED): that is no failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  const campaign = await demoCampaign(page, 'event');
  const pages = [
    '/',
    '/our-story',
    '/services',
    '/events',
    '/events/money-bomb',
    '/charities',
    '/contact',
    '/support',
    '/terms-of-use',
    `/events/${campaign._id}`,
  ];
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
  // The log-in form still answers normally afterwards.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
});
