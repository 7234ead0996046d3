import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AuthCheckResponse,
  AUTH_MESSAGES,
  LoginRequest,
  LoginResponse,
  MyProfileResponse,
  ProfileImageResponse,
  RefreshResponse,
  RegisterResponse,
  SuccessResponse,
  UpdateUserResponse,
} from '@pledgeway/domain';
import { readMultipart } from '../../lib/uploads.ts';
import { toPublicUser } from '../users/repository.ts';
import { createAuthService } from './service.ts';
import { REFRESH_TOKEN_TTL_MS } from './tokens.ts';

export const REFRESH_COOKIE = 'refresh_token';
/**
 * Not a secret: tells the web app that a refresh cookie can exist, so a visitor's page load asks
 * for no session (no auth-check, no refresh) and never fails a request or uses the log-in limit.
 */
export const SESSION_HINT_COOKIE = 'has_session';

/** Forgets the refresh cookie and its hint together. */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/site' });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuthService(app.ctx);
  const secureCookie = app.ctx.config.publicUrl.startsWith('https://');
  const authLimit = {
    rateLimit: {
      max: app.ctx.config.authRateLimitPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: () => ({ statusCode: 429, message: AUTH_MESSAGES.tooManyAttempts }),
    },
  };

  function setRefreshCookie(reply: FastifyReply, token: string) {
    reply.setCookie(REFRESH_COOKIE, token, {
      path: '/api/site',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
    });
    reply.setCookie(SESSION_HINT_COOKIE, '1', {
      path: '/',
      httpOnly: false,
      sameSite: 'lax',
      secure: secureCookie,
      maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
    });
  }

  app.post(
    '/site/register',
    { config: authLimit, schema: { tags: ['auth'], consumes: ['multipart/form-data'], response: { 201: RegisterResponse } } },
    async (request, reply) => {
      const user = await service.register(await readMultipart(request));
      return reply.status(201).send({ success: true, message: AUTH_MESSAGES.registrationSuccess, user });
    },
  );

  app.post('/site/login', { config: authLimit, schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse } } }, async (request, reply) => {
    const { user, refreshToken } = await service.login(request.body);
    setRefreshCookie(reply, refreshToken);
    return { success: true as const, user };
  });

  app.get('/site/auth-check', { preHandler: app.authenticate, schema: { tags: ['auth'], response: { 200: AuthCheckResponse } } }, async (request) => ({
    success: true as const,
    user: toPublicUser(await service.currentUser(request.auth!.userId)),
  }));

  // A request without a refresh cookie cannot guess anything: it is answered 401 and not counted.
  const refreshLimit = { rateLimit: { ...authLimit.rateLimit, allowList: (request: FastifyRequest) => !request.cookies[REFRESH_COOKIE] } };
  app.post('/site/refresh-token', { config: refreshLimit, schema: { tags: ['auth'], response: { 200: RefreshResponse } } }, async (request, reply) => {
    try {
      const { accessToken, refreshToken } = await service.refresh(request.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, refreshToken);
      return { success: true as const, accessToken };
    } catch (error) {
      clearSessionCookies(reply);
      throw error;
    }
  });

  app.post('/site/logout', { schema: { tags: ['auth'], response: { 200: SuccessResponse } } }, async (request, reply) => {
    await service.logout(request.cookies[REFRESH_COOKIE], request.auth?.sessionId);
    clearSessionCookies(reply);
    return { success: true as const, message: 'Logged out' };
  });

  app.get('/dashboard/my-profile', { preHandler: app.authenticate, schema: { tags: ['profile'], response: { 200: MyProfileResponse } } }, async (request) => {
    const user = toPublicUser(await service.currentUser(request.auth!.userId));
    return {
      success: true as const,
      data: {
        _id: user._id,
        name: user.name,
        email: user.email,
        about: user.description,
        description: user.description,
        occupation: user.occupation,
        company_name: user.company_name,
        image: user.image,
        identity_status: user.identity_status,
      },
    };
  });

  app.put(
    '/users/update',
    { preHandler: app.authenticate, schema: { tags: ['profile'], consumes: ['multipart/form-data'], response: { 200: UpdateUserResponse } } },
    async (request, reply) => {
      const result = await service.updateProfile(request.auth!.userId, await readMultipart(request));
      if (result.passwordChanged) clearSessionCookies(reply);
      return {
        success: true as const,
        message: result.passwordChanged ? 'Password changed. Please log in again.' : 'Profile updated successfully',
        user: result.user,
        passwordChanged: result.passwordChanged,
      };
    },
  );

  app.post(
    '/profile/image',
    { preHandler: app.authenticate, schema: { tags: ['profile'], consumes: ['multipart/form-data'], response: { 200: ProfileImageResponse } } },
    async (request) => ({
      success: true as const,
      image_url: await service.changeProfileImage(request.auth!.userId, await readMultipart(request)),
    }),
  );
};
