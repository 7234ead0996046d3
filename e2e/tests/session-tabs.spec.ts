import { expect, login, registerUser, test } from '../fixtures';

/**
 * Several tabs of one browser share the refresh cookie. Loading them together (a restored
 * browser session) must not make two of them present the same refresh token: the server treats
 * that reuse as theft and ends the session in every tab.
 */
test('several tabs opened together all stay signed in', async ({ page, context }) => {
  test.slow(); // Several tabs opened and refreshed together.
  const user = await registerUser(page);
  await login(page, user.email, user.password);
  const tabs = [page, await context.newPage(), await context.newPage(), await context.newPage()];
  for (let round = 0; round < 3; round += 1) {
    await Promise.all(tabs.map((tab) => tab.goto('/user/dashboard')));
    for (const tab of tabs) await expect(tab).toHaveURL(/\/user\/dashboard$/);
  }
  // The session is still alive on the server: a fresh page load signs in from the cookie.
  const after = await context.newPage();
  await after.goto('/user/dashboard');
  await expect(after).toHaveURL(/\/user\/dashboard$/);
});
