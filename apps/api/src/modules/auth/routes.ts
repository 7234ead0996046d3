import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AuthCheckResponse,
  AUTH_MESSAGES,
  LoginRequest,
  LoginResponse,
  MyProfileResponse,
  ProfileImageResponse,
  ProfileUpdateFields,
  type PublicUser,
  RefreshResponse,
  RegisterFields,
  RegisterResponse,
  SuccessResponse,
  UpdateUserResponse,
} from '@pledgeway/domain';
import { attemptRateLimit } from '../../lib/rate-limit/attempt-limit.ts';
import { readMultipart } from '../../lib/uploads.ts';
import { toPublicUser } from '../users/index.ts';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from './cookies.ts';
import { createAuthService } from './service.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

/** GET /dashboard/my-profile's view of the signed-in user. */
function toMyProfile(user: PublicUser) {
  return {
    _id: user._id,
    name: user.name,
    email: user.email,
    about: user.description,
    description: user.description,
    occupation: user.occupation,
    company_name: user.company_name,
    image: user.image,
    identity_status: user.identity_status,
  };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuthService(app.ctx);
  const secureCookie = app.ctx.config.publicUrl.startsWith('https://');
  const authLimit = attemptRateLimit(app);

  app.post(
    '/site/register',
    {
      config: { ...authLimit, multipart: { fields: Object.keys(RegisterFields.shape), files: ['user_image'] } },
      schema: {
        tags: ['auth'],
        summary: 'Create an account (multipart, with an optional picture)',
        consumes: ['multipart/form-data'],
        response: { 201: RegisterResponse },
      },
    },
    async (request, reply) => {
      const user = await service.register(await readMultipart(request));
      return reply.status(201).send({ success: true, message: AUTH_MESSAGES.registrationSuccess, user });
    },
  );

  sessionRoutes();

  /** Log-in, the session check, the token refresh and log-out. */
  function sessionRoutes() {
    app.post(
      '/site/login',
      {
        config: authLimit,
        schema: {
          tags: ['auth'],
          summary: 'Log in: the user with an access token, and the session cookie',
          body: LoginRequest,
          response: { 200: LoginResponse },
        },
      },
      async (request, reply) => {
        const { user, refreshToken } = await service.login(request.body);
        setSessionCookies(reply, refreshToken, secureCookie);
        return { success: true as const, user };
      },
    );

    app.get(
      '/site/auth-check',
      {
        preHandler: app.authenticate,
        schema: { tags: ['auth'], summary: 'The signed-in user (401 tells the web app it is signed out)', response: { 200: AuthCheckResponse } },
      },
      async (request) => ({
        success: true as const,
        user: toPublicUser(await service.currentUser(request.auth!.userId)),
      }),
    );

    // A request without a refresh cookie cannot guess anything: it is answered 401 and not counted.
    const refreshLimit = { rateLimit: { ...authLimit.rateLimit, allowList: (request: FastifyRequest) => !request.cookies[REFRESH_COOKIE] } };
    app.post(
      '/site/refresh-token',
      {
        config: refreshLimit,
        schema: {
          summary: 'A new access token from the session cookie, which is renewed too',
          security: ROUTE_SECURITY.sessionCookie,
          tags: ['auth'],
          response: { 200: RefreshResponse },
        },
      },
      async (request, reply) => {
        try {
          const { accessToken, refreshToken } = await service.refresh(request.cookies[REFRESH_COOKIE]);
          setSessionCookies(reply, refreshToken, secureCookie);
          return { success: true as const, accessToken };
        } catch (error) {
          clearSessionCookies(reply);
          throw error;
        }
      },
    );

    app.post(
      '/site/logout',
      {
        schema: {
          summary: 'Log out: end the session and forget its cookie',
          security: ROUTE_SECURITY.eitherSession,
          tags: ['auth'],
          response: { 200: SuccessResponse },
        },
      },
      async (request, reply) => {
        await service.logout(request.cookies[REFRESH_COOKIE], request.auth?.sessionId);
        clearSessionCookies(reply);
        return { success: true as const, message: 'Logged out' };
      },
    );
  }

  app.get(
    '/dashboard/my-profile',
    { preHandler: app.authenticate, schema: { tags: ['profile'], summary: "The signed-in user's profile", response: { 200: MyProfileResponse } } },
    async (request) => {
      return { success: true as const, data: toMyProfile(toPublicUser(await service.currentUser(request.auth!.userId))) };
    },
  );

  app.put(
    '/users/update',
    {
      preHandler: app.authenticate,
      config: { multipart: { fields: Object.keys(ProfileUpdateFields.shape), files: ['profile_image', 'image'] } },
      schema: {
        tags: ['profile'],
        summary: 'Edit your profile or change your password (multipart)',
        consumes: ['multipart/form-data'],
        response: { 200: UpdateUserResponse },
      },
    },
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
    {
      preHandler: app.authenticate,
      config: { multipart: { fields: [], files: ['profile_image'] } },
      schema: {
        tags: ['profile'],
        summary: 'Change your profile picture (multipart)',
        consumes: ['multipart/form-data'],
        response: { 200: ProfileImageResponse },
      },
    },
    async (request) => ({
      success: true as const,
      image_url: await service.changeProfileImage(request.auth!.userId, await readMultipart(request)),
    }),
  );
};
