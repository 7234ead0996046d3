import type { FastifyReply } from 'fastify';
import { REFRESH_TOKEN_TTL_MS } from './tokens.ts';

export const REFRESH_COOKIE = 'refresh_token';
/**
 * Not a secret: tells the web app that a refresh cookie can exist, so a visitor's page load asks
 * for no session (no auth-check, no refresh) and never fails a request or uses the log-in limit.
 */
export const SESSION_HINT_COOKIE = 'has_session';

/** Sets the refresh cookie and its hint together; `secure` when the site is served over https. */
export function setSessionCookies(reply: FastifyReply, refreshToken: string, secure: boolean): void {
  const maxAge = Math.floor(REFRESH_TOKEN_TTL_MS / 1000);
  reply.setCookie(REFRESH_COOKIE, refreshToken, { path: '/api/site', httpOnly: true, sameSite: 'lax', secure, maxAge });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge });
}

/** Forgets the refresh cookie and its hint together. */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/site' });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}
