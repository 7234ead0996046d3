import { and, eq, gt, isNull } from 'drizzle-orm';
import { EMAIL_CONFIRMATION_MESSAGES, EMAIL_CONFIRMATION_TTL_MS } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { usersService } from '../users/index.ts';
import { emailConfirmationTokens } from './tables.ts';

/** The token is the signed-in user's own, and that user's address is confirmed. */
async function confirmedOwnerOpensAgain(tx: Executor, token: string, signedInUserId: string | undefined): Promise<boolean> {
  if (!signedInUserId) return false;
  const [row] = await tx
    .select({ userId: emailConfirmationTokens.userId })
    .from(emailConfirmationTokens)
    .where(and(eq(emailConfirmationTokens.tokenHash, hashToken(token)), eq(emailConfirmationTokens.userId, signedInUserId)))
    .limit(1);
  if (!row) return false;
  return Boolean((await usersService.findById(tx, signedInUserId))?.emailConfirmedAt);
}

/**
 * E-mail confirmation (decision 095): a new account is sent a one-time link that works for 48
 * hours; only the token's hash is stored. Until the link is opened the account may browse and
 * pledge, but not create a campaign.
 */
export function createEmailConfirmationService(ctx: AppContext) {
  const { db } = ctx;

  /** A new link, replacing any earlier one still unused, e-mailed in the caller's transaction. */
  async function sendLink(tx: Executor, user: { id: string; email: string; name: string }): Promise<void> {
    await tx
      .update(emailConfirmationTokens)
      .set({ usedAt: ctx.clock.now() })
      .where(and(eq(emailConfirmationTokens.userId, user.id), isNull(emailConfirmationTokens.usedAt)));
    const { token, hash } = newOpaqueToken();
    await tx
      .insert(emailConfirmationTokens)
      .values({ userId: user.id, tokenHash: hash, expiresAt: new Date(ctx.clock.now().getTime() + EMAIL_CONFIRMATION_TTL_MS) });
    const link = `${ctx.config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    await ctx.mailer.send(
      {
        to: user.email,
        subject: 'Confirm your e-mail address for Pledgeway',
        kind: 'email-confirmation',
        text: [
          `Hello ${user.name},`,
          '',
          'Please confirm that this is your e-mail address: receipts and password-reset links are sent here. Open this link:',
          link,
          '',
          'The link works once and expires in 48 hours. Until you confirm, you can browse and pledge, but not create a campaign.',
          'If you did not create a Pledgeway account, you can ignore this e-mail.',
        ].join('\n'),
      },
      tx,
    );
  }

  return {
    sendLink,

    /**
     * Claims the token and confirms its user in one transaction: a link works once. A link used or
     * expired already, opened again by its own user signed in and confirmed (a reload of the page),
     * answers that the address is confirmed already rather than that the link is invalid.
     */
    async confirm(token: string, signedInUserId?: string): Promise<'confirmed' | 'alreadyConfirmed'> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(emailConfirmationTokens)
          .set({ usedAt: ctx.clock.now() })
          .where(
            and(
              eq(emailConfirmationTokens.tokenHash, hashToken(token)),
              isNull(emailConfirmationTokens.usedAt),
              gt(emailConfirmationTokens.expiresAt, ctx.clock.now()),
            ),
          )
          .returning();
        if (!claimed) {
          if (await confirmedOwnerOpensAgain(tx, token, signedInUserId)) return 'alreadyConfirmed';
          throw new AppError('INVALID_CONFIRMATION_TOKEN', EMAIL_CONFIRMATION_MESSAGES.invalidToken, 400);
        }
        const user = await usersService.findById(tx, claimed.userId);
        // Already confirmed (an earlier link, or an account from before confirmation existed): nothing to change.
        if (!user || user.emailConfirmedAt) return 'confirmed';
        await usersService.update(tx, user.id, { emailConfirmedAt: ctx.clock.now() });
        return 'confirmed';
      });
    },

    /** Sends a fresh link to a signed-in user who has not confirmed yet. */
    async resend(userId: string): Promise<void> {
      const user = await usersService.findById(db, userId);
      if (!user) throw AppError.unauthenticated();
      if (user.emailConfirmedAt) throw AppError.conflict('EMAIL_ALREADY_CONFIRMED', EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed);
      await db.transaction((tx) => sendLink(tx, user));
    },
  };
}
