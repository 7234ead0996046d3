import { AUTH_MESSAGES, type LoginRequest, ProfileUpdateFields, RegisterFields } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError, fieldsFromZod } from '../../errors.ts';
import { type MultipartBody, storeImage } from '../../lib/uploads.ts';
import { createEmailConfirmationService } from '../email-confirmation/index.ts';
import { toPublicUser, usersService, type UserRow } from '../users/index.ts';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { refreshTokenStore } from './tokens.ts';

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } };
  return candidate?.code === UNIQUE_VIOLATION || candidate?.cause?.code === UNIQUE_VIOLATION;
}

function assertNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw AppError.validation({ [field]: AUTH_MESSAGES.passwordTooCommon });
  }
}

export function createAuthService(ctx: AppContext) {
  const { db, storage } = ctx;
  const emailConfirmation = createEmailConfirmationService(ctx);

  async function startSession(user: UserRow) {
    const session = await refreshTokenStore.issue(db, user.id);
    const accessToken = await ctx.accessTokens.sign({ sub: user.id, role: user.role, sid: session.familyId });
    return { accessToken, refreshToken: session.token };
  }

  return {
    async register(body: MultipartBody) {
      const parsed = RegisterFields.safeParse(body.fields);
      if (!parsed.success) throw AppError.validation(fieldsFromZod(parsed.error));
      const fields = parsed.data;
      assertNotCommon(fields.password, 'password');
      const image = body.files.find((file) => file.fieldname === 'user_image');
      if (!image && !fields.use_default_avatar) {
        throw AppError.validation({ user_image: AUTH_MESSAGES.uploadImage });
      }
      if (await usersService.findByEmail(db, fields.email)) {
        throw AppError.conflict('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken);
      }
      const stored = image ? await storeImage(storage, image.buffer, 'avatars', { maxWidth: 512 }) : undefined;
      try {
        const passwordHash = await hashPassword(fields.password);
        // The account and its confirmation link exist together: no account is left without a way to confirm.
        const user = await db.transaction(async (tx) => {
          const inserted = await usersService.insert(tx, { name: fields.name, email: fields.email, passwordHash, image: stored?.url ?? '' });
          await emailConfirmation.sendLink(tx, inserted);
          return inserted;
        });
        return toPublicUser(user);
      } catch (error) {
        if (stored) await storage.remove(stored.key);
        if (isUniqueViolation(error)) throw AppError.conflict('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken);
        throw error;
      }
    },

    async login(input: LoginRequest) {
      const user = await usersService.findByEmail(db, input.email);
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials, 401);
      // Said only after the password proved who is asking, so it reveals nothing to a stranger.
      if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED', AUTH_MESSAGES.accountDisabled, 403);
      const session = await startSession(user);
      return { user: { ...toPublicUser(user), accessToken: session.accessToken }, refreshToken: session.refreshToken };
    },

    async refresh(refreshToken: string | undefined) {
      if (!refreshToken) throw AppError.unauthenticated('Your session has expired. Please log in again.');
      const rotated = await refreshTokenStore.rotate(db, refreshToken);
      const user = await usersService.findById(db, rotated.userId);
      if (!user || user.disabledAt) {
        await refreshTokenStore.revokeFamily(db, rotated.familyId);
        throw AppError.unauthenticated('Your session has expired. Please log in again.');
      }
      const accessToken = await ctx.accessTokens.sign({ sub: user.id, role: user.role, sid: rotated.familyId });
      return { accessToken, refreshToken: rotated.token };
    },

    /** Ends the session of the cookie and of the bearer token, so its access token stops working at once. */
    async logout(refreshToken: string | undefined, sessionId: string | undefined) {
      if (refreshToken) await refreshTokenStore.revokeFamilyOf(db, refreshToken);
      if (sessionId) await refreshTokenStore.revokeFamily(db, sessionId);
    },

    async currentUser(userId: string) {
      const user = await usersService.findById(db, userId);
      if (!user) throw AppError.unauthenticated('Authentication failed. Please log in again.');
      return user;
    },

    async updateProfile(userId: string, body: MultipartBody) {
      const user = await this.currentUser(userId);
      const parsed = ProfileUpdateFields.safeParse(body.fields);
      if (!parsed.success) throw AppError.validation(fieldsFromZod(parsed.error));
      const fields = parsed.data;
      const changingPassword = Boolean(fields.new_password);
      if (changingPassword) {
        if (!(await verifyPassword(user.passwordHash, fields.old_password))) {
          throw AppError.validation({ old_password: 'Old password is incorrect' });
        }
        assertNotCommon(fields.new_password, 'new_password');
      }
      if (fields.email !== user.email) {
        const other = await usersService.findByEmail(db, fields.email);
        if (other && other.id !== user.id) throw AppError.conflict('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken);
      }
      const image = body.files.find((file) => file.fieldname === 'profile_image' || file.fieldname === 'image');
      const stored = image ? await storeImage(storage, image.buffer, 'avatars', { maxWidth: 512 }) : undefined;
      const newAddress = fields.email !== user.email;
      try {
        const updated = await db.transaction(async (tx) => {
          const row = await usersService.update(tx, user.id, {
            name: fields.name,
            email: fields.email,
            // A new address is confirmed like the first one (decision 095): its link goes out with the change.
            ...(newAddress ? { emailConfirmedAt: null } : {}),
            occupation: fields.occupation,
            companyName: fields.company_name,
            description: fields.description,
            ...(stored ? { image: stored.url } : {}),
            ...(changingPassword ? { passwordHash: await hashPassword(fields.new_password) } : {}),
          });
          if (newAddress) await emailConfirmation.sendLink(tx, row);
          return row;
        });
        if (changingPassword) await refreshTokenStore.revokeAllForUser(db, user.id);
        return { user: toPublicUser(updated), passwordChanged: changingPassword };
      } catch (error) {
        if (stored) await storage.remove(stored.key);
        if (isUniqueViolation(error)) throw AppError.conflict('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken);
        throw error;
      }
    },

    async changeProfileImage(userId: string, body: MultipartBody) {
      await this.currentUser(userId);
      const image = body.files.find((file) => file.fieldname === 'profile_image');
      if (!image) throw AppError.validation({ profile_image: 'Please upload an image file' });
      const stored = await storeImage(storage, image.buffer, 'avatars', { maxWidth: 512 });
      await usersService.update(db, userId, { image: stored.url });
      return stored.url;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
