/**
 * Third-Party Promotion: a campaign page opened through a promoter's link
 * (`/events/{id}?via={promotionId}`) remembers the promotion for this browser tab's session, so a
 * pledge made later on that campaign's page (after a log-in, say) is still credited. The server
 * ignores a value that is not an accepted promotion of the campaign.
 */
const key = (eventId: string) => `pledgeway.via.${eventId}`;

export function rememberVia(eventId: string, via: string | null): void {
  if (!via) return;
  try {
    sessionStorage.setItem(key(eventId), via.slice(0, 64));
  } catch {
    // Storage can be unavailable (private modes); the pledge is then simply not credited.
  }
}

export function readVia(eventId: string): string | null {
  try {
    return sessionStorage.getItem(key(eventId));
  } catch {
    return null;
  }
}
