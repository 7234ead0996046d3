import { expect, expectNoAxeViolations, test, waitForHydration } from '../fixtures';

interface RouteCheck {
  path: string;
  heading: string | RegExp;
  texts: Array<string | RegExp>;
  /** Text that must never be shown there (e.g. a pending campaign on a public list). */
  absent?: string[];
}

const ROUTES: RouteCheck[] = [
  {
    path: '/',
    heading: 'Pledgeway: pledge to events that raise money for charity',
    texts: [
      'Turn Your Event Into a Force for Good',
      'Causes Our Community Supports',
      'Dicover More',
      'Competition Options',
      'Customizable Features',
      'How Event Promotion Works',
      'Explore Events',
      'Popular Events',
      'How It Works',
      'Promotional Powers',
      'Runoff Competition',
      'Practice Campaign',
      'Create Campaign',
    ],
  },
  { path: '/our-story', heading: 'Our Story', texts: ['Our Mission', 'How Pledgeway Began', 'In Their Words', 'Explore Our Services'] },
  {
    path: '/services',
    heading: 'Services',
    texts: [
      'Campaigns',
      'Pricing',
      'Payment Methods',
      'We Suggest',
      'Power Launch',
      'Video Link',
      'Target Audience',
      'Clear Goal',
      'Viral Sharing',
      'Simplified Process',
      'Consistent Updates',
      'Long-term Trust',
    ],
  },
  {
    path: '/events',
    heading: 'Campaigns',
    // Newest first: the campaigns other specs make live come before the seeded ones, so the
    // seeded names are checked on the kinds' own lists below and on later pages, not here.
    texts: ['Popular Events', 'Sort by'],
    absent: ['Code for Kids: 24-Hour Hackathon', 'Best Burger on Main Street'],
  },
  { path: '/events/promotions', heading: 'Event Promotions', texts: ['Principal on the Roof'], absent: ['72-Hour Pantry Restock'] },
  { path: '/events/money-bomb', heading: 'Money Bomb', texts: ['72-Hour Pantry Restock'], absent: ['Principal on the Roof'] },
  { path: '/events/competitions', heading: 'Runoff Competitions', texts: ['Firehouse Chili Showdown'], absent: ['Best Burger on Main Street'] },
  { path: '/events/crowdfunding', heading: 'Crowdfunding', texts: ['Ten Dogs, Ten Veterans'] },
  {
    path: '/charities',
    heading: 'Charities',
    texts: [
      'These links lead to charities giving aid to citizens of the United States',
      'Fill A Belly',
      'Defend The Innocent',
      'Thank A Veteran',
      'Disclaimer',
      'Brightpot Community Kitchens',
    ],
  },
  { path: '/terms-of-use', heading: 'Terms of Use', texts: [/Fees/, /Refunds/, /Closing Your Account/] },
  { path: '/privacy-policy', heading: 'Privacy Policy', texts: [/Consent/, /Security/] },
  { path: '/cookie-policy', heading: 'Cookie Policy', texts: ['What We Store in Your Browser', 'refresh_token'] },
  { path: '/support', heading: 'Help & Support', texts: ['How does a pledge work?', 'Fees and Tips', 'Refunds and Withdrawals'] },
  { path: '/contact', heading: 'Contact Us', texts: ['Campaign Organizer', 'User Support'] },
  { path: '/accessibility', heading: 'Accessibility', texts: ['Our Commitment'] },
  { path: '/do-not-sell', heading: 'Do Not Sell My Personal Information', texts: [] },
];

// One page per route: checked at 1440 px, then resized to 390 px and checked again (saves a load).
test.describe('public pages at 1440 and 390 px', () => {
  for (const route of ROUTES) {
    test(`${route.path} shows its heading and key texts and passes axe`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(route.path);
      for (const width of [1440, 390]) {
        if (width !== 1440) await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeAttached();
        for (const text of route.texts) await expect(page.getByText(text, { exact: typeof text === 'string' }).first()).toBeAttached();
        for (const text of route.absent ?? []) await expect(page.getByText(text, { exact: true })).toHaveCount(0);
        // Nothing may stick out sideways on a phone.
        if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await expectNoAxeViolations(page);
      }
    });
  }
});

test.describe('home page behaviour', () => {
  test('the hero advances with the dots and can be paused', async ({ page }) => {
    await page.goto('/');
    // The dots are the app's: a click before it has hydrated the page does nothing.
    await waitForHydration(page, { timeout: 15_000 });
    const second = page.getByRole('button', { name: /Show slide 2/ });
    await second.click();
    await expect(second).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('heading', { name: 'Every Mile Moves a Cause Forward' })).toBeVisible();
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  });

  test('logged out, the calls to action ask to log in first', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please log in to your profile first to create an event' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Practice Campaign' }).click();
    await page.getByRole('link', { name: 'Log In Profile' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('without a video the explainer says what it shows (four steps), and Dicover More leads to /charities', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('iframe')).toHaveCount(0);
    // No explainer video is configured in this build: no promise of a video anywhere.
    const explore = page.locator('section', { has: page.getByRole('heading', { name: 'Explore Events' }) });
    await expect(explore).not.toContainText(/video|two minutes/i);
    await explore.getByRole('button', { name: 'Show how a Pledgeway campaign works, in four steps' }).click();
    await expect(page.getByRole('region', { name: 'How a campaign works' })).toContainText('1. Campaign');
    await page.getByRole('link', { name: 'Dicover More' }).click();
    await expect(page).toHaveURL(/\/charities$/);
  });
});

test.describe('campaign lists', () => {
  test("each topic card on the home page opens its own topic's list", async ({ page }) => {
    await page.goto('/');
    const explore = page.locator('section', { has: page.getByRole('heading', { name: 'Explore Events' }) });
    for (const topic of ['Technology', 'Culture', 'Economics', 'Politics']) {
      await expect(explore.getByRole('link', { name: new RegExp(topic) })).toHaveAttribute('href', `/events?category=${topic}`);
    }
    await explore.getByRole('link', { name: /Culture/ }).click();
    await expect(page).toHaveURL(/\/events\?category=Culture$/);
    await expect(page.getByRole('heading', { name: 'Culture campaigns' })).toBeVisible();
    // Principal on the Roof is tagged Culture; the Veterans campaign is not.
    await expect(page.getByRole('link', { name: 'Principal on the Roof' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ten Dogs, Ten Veterans' })).toHaveCount(0);
  });

  test('cards link to the event page and sorting re-orders the list', async ({ page }) => {
    await page.goto('/events');
    // Chosen before or after the app has hydrated the list: one made before is applied once it has (decision 120).
    await page.getByLabel('Sort by').selectOption('ending_soon');
    // On a machine shared with other work the app's scripts can take over 5 s to hydrate the page,
    // and the list sorted by the API then takes its own time to arrive.
    await waitForHydration(page, { timeout: 15_000 });
    await expect(page).toHaveURL('/events?sort=ending_soon');
    const names = page.locator('article h3');
    // The seed's two campaigns of the coming week come first: other specs date theirs 10 days out or later.
    await expect(names.first()).toHaveText('72-Hour Pantry Restock', { timeout: 10_000 });
    const card = page.getByRole('link', { name: 'Winter Coats by Friday' });
    await expect(page.locator('article', { has: card }).getByText('Frozen')).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  });

  test('a charity carousel moves with its round buttons', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/charities');
    const next = page.getByRole('button', { name: 'Next Fill A Belly charities' });
    const previous = page.getByRole('button', { name: 'Previous Fill A Belly charities' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(previous).toBeEnabled();
    const external = page.getByRole('link', { name: /Donate Now to Brightpot Community Kitchens/ });
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('button', { name: 'Donate Now' }).first()).toBeDisabled();
  });
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page-here');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('sitemap.xml and robots.txt are served at the root', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain('/charities</loc>');
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Sitemap:');
  const events = await request.get('/events');
  expect(await events.text()).toContain('<meta property="og:title" content="Campaigns — Pledgeway">');
});

test('the accessibility check fails a page with a serious violation', async ({ page }) => {
  await page.setContent('<!doctype html><html lang="en"><body><main><h1>Broken</h1><img src="/favicon.svg"><button></button></main></body></html>');
  const failure = await expectNoAxeViolations(page).then(
    () => undefined,
    (error: Error) => error.message,
  );
  expect(failure).toContain('image-alt');
  expect(failure).toContain('button-name');
});
