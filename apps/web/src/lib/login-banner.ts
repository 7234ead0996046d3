/**
 * A message for the login page, kept in localStorage under `login-banner` so it survives the
 * redirect (and a reload): "Account created. Please login." after registering, or the message
 * after a password change. The login page shows it for 5 seconds, then clears it.
 */
export const LOGIN_BANNER_KEY = 'login-banner';
export const LOGIN_BANNER_MS = 5_000;

export function setLoginBanner(message: string): void {
  try {
    localStorage.setItem(LOGIN_BANNER_KEY, message);
  } catch {
    // Storage can be unavailable (private modes, quotas); the banner is a courtesy.
  }
}

export function readLoginBanner(): string | null {
  try {
    return localStorage.getItem(LOGIN_BANNER_KEY);
  } catch {
    return null;
  }
}

export function clearLoginBanner(): void {
  try {
    localStorage.removeItem(LOGIN_BANNER_KEY);
  } catch {
    // See setLoginBanner.
  }
}
