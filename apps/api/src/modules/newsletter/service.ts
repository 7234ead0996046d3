import { createHash, randomBytes } from 'node:crypto';
import { NEWSLETTER_MESSAGES } from '@pledgeway/domain/schemas/newsletter';
import type { AppContext } from '../../context.ts';
import { newsletterRepository } from './repository.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Double opt-in: a subscription counts once its link is clicked. The answer is the same for a
 * new, repeated or already confirmed address, so the form never tells who is subscribed.
 */
export function createNewsletterService(ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>) {
  return {
    async subscribe(email: string) {
      const token = randomBytes(24).toString('base64url');
      const tokenHash = hashToken(token);
      const row = await newsletterRepository.upsertUnconfirmed(ctx.db, email, tokenHash);
      if (row && !row.confirmedAt && row.confirmTokenHash === tokenHash) {
        const link = `${ctx.config.publicUrl}/api/newsletter/confirm?token=${token}`;
        await ctx.mailer.send({
          to: email,
          subject: 'Confirm your Pledgeway newsletter subscription',
          kind: 'newsletter-confirm',
          text: [
            'Hello,',
            '',
            'Someone (hopefully you) asked to receive the Pledgeway newsletter at this address:',
            'new campaigns worth supporting, charity stories and the occasional product update.',
            '',
            `Please confirm by opening this link: ${link}`,
            '',
            'If you did not ask for this, ignore this e-mail and nothing will be sent to you.',
            '',
            'The Pledgeway team',
          ].join('\n'),
        });
      }
      return { success: true as const, message: NEWSLETTER_MESSAGES.subscribed };
    },

    /** Marks the subscription confirmed; false when the token matches nothing. */
    async confirm(token: string): Promise<boolean> {
      if (!token) return false;
      return newsletterRepository.confirmByTokenHash(ctx.db, hashToken(token));
    },
  };
}
