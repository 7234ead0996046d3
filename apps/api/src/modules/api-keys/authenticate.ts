import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTEGRATION_MESSAGES, type ApiKeyScope } from '@pledgeway/domain';
import { AppError } from '../../errors.ts';
import { authenticateKey, type KeyCaller } from './service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The scope an API key needs to call this route (decision 148). A route without one refuses
     * API keys (401): money-moving routes and key management never declare one.
     */
    apiKeyScope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** Set when the request authenticated with an API key rather than a session's access token. */
    apiKey: KeyCaller | null;
  }
}

/**
 * Authenticates `Authorization: Bearer pw_key_…` (called by the auth plugin): the key's user
 * becomes `request.auth` for routes whose `apiKeyScope` the key holds; any other route answers 401,
 * a route needing a scope the key lacks 403, and a key past its limit 429, before the route runs.
 */
export async function authenticateApiKey(app: FastifyInstance, request: FastifyRequest, secret: string): Promise<void> {
  const scope = request.routeOptions.config.apiKeyScope;
  if (!scope) throw AppError.unauthenticated(INTEGRATION_MESSAGES.keyNotAllowed);
  const caller = await authenticateKey(app.ctx, app.ctx.database, secret, request.ip);
  if (!caller) throw AppError.unauthenticated('This API key is unknown, revoked or expired');
  if (!caller.scopes.includes(scope)) throw AppError.forbidden(INTEGRATION_MESSAGES.keyScope);
  request.apiKey = caller;
  // A key never carries admin powers, whoever made it.
  request.auth = { userId: caller.userId, role: 'user', sessionId: `api-key:${caller.keyId}` };
}
