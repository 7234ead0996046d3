import { canonicalEmbedOrigin, EVENT_MESSAGES } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { assertCanManage } from '../event-reads/index.ts';
import { embedsRepository as repo } from './repository.ts';
import { eventRecords } from '../event-records/index.ts';

/** The embed's path: the one page whose framing the campaign's list decides. */
const EMBED_PAGE = /^\/embed\/events\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:\?.*)?$/i;

/**
 * The content security policy of an embed page: the app's own policy with `frame-ancestors`
 * naming the campaign's sites beside the app itself. Only values that pass the allowed-site check
 * again here reach the header, so a row stored before that check (or by hand) can add no
 * directive, second policy or wildcard.
 */
export function withFrameAncestors(policy: string, origins: string[]): string {
  const allowed = [...new Set(origins.map(canonicalEmbedOrigin).filter((origin) => origin !== null))];
  const ancestors = `frame-ancestors 'self'${allowed.map((origin) => ` ${origin}`).join('')}`;
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !directive.startsWith('frame-ancestors'));
  return [...directives, ancestors].join(';');
}

/** Embeds (decision 111): the host names the sites that may frame the campaign's embed page. */
export function createEmbedsService(ctx: AppContext) {
  const { db } = ctx;

  async function managedCampaign(auth: AuthInfo, eventId: string) {
    const campaign = await repo.findCampaign(db, eventId);
    if (!campaign) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
    assertCanManage(campaign, auth);
    return campaign;
  }

  return {
    async origins(auth: AuthInfo, eventId: string): Promise<string[]> {
      await managedCampaign(auth, eventId);
      return repo.originsOf(db, eventId);
    },

    /** Replaces the list: one save after the other under the campaign's row lock. */
    async save(auth: AuthInfo, eventId: string, origins: string[]): Promise<string[]> {
      await managedCampaign(auth, eventId);
      return db.transaction(async (tx) => {
        const campaign = await eventRecords.lock(tx, eventId, 'update');
        if (!campaign) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
        await repo.replace(tx, eventId, origins);
        return repo.originsOf(tx, eventId);
      });
    },

    /** The campaign id when `url` is an embed page, else null. */
    embeddedCampaign(url: string): string | null {
      return EMBED_PAGE.exec(url)?.[1]?.toLowerCase() ?? null;
    },

    /** The sites allowed to frame this campaign's embed (none for an unknown campaign). */
    framingOrigins(eventId: string): Promise<string[]> {
      return repo.originsOf(db, eventId);
    },
  };
}
