import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { liveSessionRoleReader } from '../modules/auth/tokens.ts';
import { authenticateApiKey } from '../modules/api-keys/authenticate.ts';
import { isApiKey } from '../modules/api-keys/service.ts';

/** Reads the bearer token on every request; routes opt in to requiring it. */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('token', null);
  app.decorateRequest('apiKey', null);
  const liveSessionRole = liveSessionRoleReader(app.ctx.db);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const bearer = header.slice('Bearer '.length).trim();
    // A personal API key (decision 148): only on routes that declare the scope it needs.
    if (isApiKey(bearer)) return authenticateApiKey(app, request, bearer);
    const token = await app.ctx.accessTokens.verify(bearer);
    if (!token) return;
    // The route's own read checks the session with its data: one round trip fewer.
    if (request.routeOptions.config.sessionCheckedByRoute) {
      request.token = token;
      return;
    }
    const role = await liveSessionRole(token);
    if (role) request.auth = { userId: token.sub, role, sessionId: token.sid };
  });

  app.decorate('authenticate', async (request) => {
    if (!request.auth) throw AppError.unauthenticated();
  });

  app.decorate('requireAdmin', async (request) => {
    if (!request.auth) throw AppError.unauthenticated();
    if (request.auth.role !== 'admin') throw AppError.forbidden('Only an admin can do this');
  });

  app.decorate('requireToken', async (request) => {
    if (!request.token) throw AppError.unauthenticated();
  });
});
