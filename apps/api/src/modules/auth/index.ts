// The auth module's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it.
export { authRoutes as authModule } from './routes.ts';
export { clearSessionCookies } from './cookies.ts';
export { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
export { liveRole, refreshTokenStore, sessionColumns, type VerifiedAccessToken } from './tokens.ts';
