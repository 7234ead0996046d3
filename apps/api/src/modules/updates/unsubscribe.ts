import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context.ts';
import { eventRecords } from '../event-records/index.ts';
import { myPledgesRepository } from '../pledges/index.ts';

/**
 * One-click unsubscribe from a campaign's update e-mails (RFC 8058, decision 192). The link names
 * the supporter and the campaign in a token signed with a key of its own (derived from
 * JWT_SECRET, so it is never an access token), so it works without signing in and cannot be made
 * for someone else. It has no expiry: an old e-mail's link still stops the e-mails.
 */
const AUDIENCE = 'list-unsubscribe';

export const UNSUBSCRIBE_PATH = '/api/updates/unsubscribe';

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This unsubscribe link is not valid. Open the link from the latest e-mail, or change your choice on the campaign page.',
  stopped: (campaign: string) => `You will no longer receive update e-mails from “${campaign}”.`,
  confirm: (campaign: string) => `Stop receiving update e-mails from “${campaign}”?`,
} as const;

export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update(AUDIENCE).digest();
  return {
    /** The address of the unsubscribe link and of the List-Unsubscribe header. */
    async url(publicUrl: string, userId: string, eventId: string): Promise<string> {
      const token = await new SignJWT({ evt: eventId }).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setAudience(AUDIENCE).sign(key);
      return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${token}`;
    },
    /** Whom and which campaign a token names; null when it was not made by this app. */
    async read(token: string): Promise<{ userId: string; eventId: string } | null> {
      try {
        const { payload } = await jwtVerify(token, key, { audience: AUDIENCE, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.evt !== 'string') return null;
        return { userId: payload.sub, eventId: payload.evt };
      } catch {
        return null;
      }
    },
  };
}

export function createUnsubscribeService(ctx: Pick<AppContext, 'db' | 'config'>) {
  const tokens = createUnsubscribeTokens(ctx.config.jwtSecret);
  return {
    /** The campaign's name, for the page that asks to confirm; null for a forged or stale link. */
    async campaignOf(token: string): Promise<string | null> {
      const named = await tokens.read(token);
      if (!named) return null;
      return (await eventRecords.findById(ctx.db, named.eventId))?.name ?? null;
    },
    /** Stops the campaign's update e-mails to the supporter: each of their pledges to it stops asking for them. */
    async unsubscribe(token: string): Promise<string | null> {
      const named = await tokens.read(token);
      if (!named) return null;
      const campaign = await eventRecords.findById(ctx.db, named.eventId);
      if (!campaign) return null;
      await myPledgesRepository.stopUpdateEmails(ctx.db, named.userId, named.eventId);
      return campaign.name;
    },
  };
}
