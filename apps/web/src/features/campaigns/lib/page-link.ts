/**
 * Fundraising pages: a campaign page opened through a fundraising page's Pledge button
 * (`/events/{id}?page={pageId}`) remembers the page for this browser tab's session, so a pledge
 * made later on that campaign's page (after a log-in, say) is still attributed to it. The server
 * ignores a value that is not a shown page of the campaign.
 */
const key = (eventId: string) => `pledgeway.page.${eventId}`;

export function rememberPage(eventId: string, pageId: string | null): void {
  if (!pageId) return;
  try {
    sessionStorage.setItem(key(eventId), pageId.slice(0, 64));
  } catch {
    // Storage can be unavailable (private modes); the pledge then counts for the campaign only.
  }
}

export function readPage(eventId: string): string | null {
  try {
    return sessionStorage.getItem(key(eventId));
  } catch {
    return null;
  }
}
