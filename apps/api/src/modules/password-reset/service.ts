import { AUTH_MESSAGES, PASSWORD_RESET_TTL_MS, PASSWORD_RESET_MESSAGES } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, redactedError } from '../../errors.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { hashPassword, isCommonPassword, refreshTokenStore } from '../auth/index.ts';
import { usersService } from '../users/index.ts';
import { passwordResetRepository } from './repository.ts';

/** Matches no user: the unknown-e-mail path runs the same query as the known one. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

export function createPasswordResetService(ctx: AppContext) {
  const { db } = ctx;

  async function sendResetLink(user: { id: string; email: string; name: string }) {
    const { token, hash } = newOpaqueToken();
    await passwordResetRepository.insert(db, user.id, hash, new Date(Date.now() + PASSWORD_RESET_TTL_MS));
    const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await ctx.mailer.send({
      to: user.email,
      subject: 'Reset your Pledgeway password',
      kind: 'password-reset',
      text: [
        `Hello ${user.name},`,
        '',
        'Someone asked to reset the password of your Pledgeway account. To choose a new password, open this link:',
        link,
        '',
        'The link works once and expires in one hour. If you did not ask for this, you can ignore this e-mail; your password stays the same.',
      ].join('\n'),
    });
  }

  return {
    /**
     * Always resolves the same way and after the same work, so neither the answer nor its timing
     * tells whether the account exists: the look-up and the invalidation of earlier links run for
     * every e-mail; the new link and its mail are queued and never awaited by the request.
     */
    async requestReset(email: string): Promise<void> {
      const user = await usersService.findByEmail(db, email);
      // A new link replaces any earlier one still unused (for an unknown e-mail this matches no row).
      await passwordResetRepository.retireUnused(db, user?.id ?? NO_USER);
      if (!user) return;
      void sendResetLink(user).catch((error: unknown) => ctx.log.error({ err: redactedError(error) }, 'password-reset e-mail failed'));
    },

    async resetPassword(token: string, newPassword: string): Promise<void> {
      if (isCommonPassword(newPassword)) throw AppError.validation({ new_password: AUTH_MESSAGES.passwordTooCommon });
      const passwordHash = await hashPassword(newPassword);
      const userId = await db.transaction(async (tx) => {
        // Claiming the token and changing the password happen together: a link works only once.
        const claimed = await passwordResetRepository.claim(tx, hashToken(token));
        if (!claimed) throw new AppError('INVALID_RESET_TOKEN', PASSWORD_RESET_MESSAGES.invalidToken, 400);
        await usersService.update(tx, claimed.userId, { passwordHash });
        return claimed.userId;
      });
      // Every session signed in with the old password ends.
      await refreshTokenStore.revokeAllForUser(db, userId);
    },
  };
}

/** The account is closing: its reset links go with it. */
export async function deletePasswordResetTokensOf(db: Executor, userId: string): Promise<void> {
  await passwordResetRepository.deleteAllOf(db, userId);
}
