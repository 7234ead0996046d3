import type { Page, Route } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * Holds back every script the build made (the entry chunk, the page's chunks and their preloads)
 * until `release` is called: the page stays exactly as the server sent it, as on a slow phone
 * where hydration takes seconds. Scripts of later pages are held too until then.
 */
export async function holdBackAppScripts(page: Page): Promise<{ release(): Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => (released ? route.continue() : void held.push(route)));
  return {
    async release() {
      released = true;
      // A request of a page the browser has left is gone; continuing it fails harmlessly.
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}

/** Opens a server-rendered page without waiting for its scripts (the load event waits for them). */
export async function openAsSent(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('#pledgeway-state')).toBeAttached();
}
