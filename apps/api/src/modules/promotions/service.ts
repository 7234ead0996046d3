import { z } from 'zod';
import {
  centsToDollars,
  EVENT_MESSAGES,
  PROMOTION_MESSAGES,
  promotionPath,
  type ManagedPromotion,
  type MyPromotion,
  type PromotionRequest,
  type PublicPromotion,
} from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { assertCanManage, assertCanSee } from '../event-reads/index.ts';
import { toEventSummary, toPublicEventSummary, totalsFor } from '../event-reads/index.ts';
import { usersService } from '../users/index.ts';
import { promotionEmails } from './emails.ts';
import { promotionsRepository as repo, type PromotionRow, type PromotionWithPromoter } from './repository.ts';
import { eventRecords } from '../event-records/index.ts';

/** What the public sees: accepted promotions, and ended ones, whose credit stays. */
const SHOWN_STATUSES = ['accepted', 'ended'] as const;
const PUBLISHED = ['approved', 'freeze', 'completed'] as const;

/** Why this person cannot ask again, by the state of their earlier request. */
const REPEAT_REFUSAL: Record<PromotionRow['status'], string> = {
  pending: PROMOTION_MESSAGES.alreadyPending,
  accepted: PROMOTION_MESSAGES.alreadyAccepted,
  declined: PROMOTION_MESSAGES.declined,
  ended: PROMOTION_MESSAGES.ended,
};

const isUuid = (value: string) => z.uuid().safeParse(value).success;

function toMine(row: PromotionRow, attribution: { pledges: number; raisedCents: number }): MyPromotion {
  return {
    _id: row.id,
    event_id: row.eventId,
    status: row.status,
    path: row.status === 'accepted' ? promotionPath(row.eventId, row.id) : null,
    pledges: attribution.pledges,
    raised: centsToDollars(attribution.raisedCents),
  };
}

function toManaged({ promotion, promoter, pledges, raisedCents }: PromotionWithPromoter): ManagedPromotion {
  return {
    _id: promotion.id,
    promoter: { _id: promoter.id, name: promoter.name, image: promoter.image },
    status: promotion.status,
    note: promotion.note,
    created_at: promotion.createdAt.toISOString(),
    answered_at: promotion.answeredAt?.toISOString() ?? null,
    ended_at: promotion.endedAt?.toISOString() ?? null,
    pledges,
    raised: centsToDollars(raisedCents),
  };
}

type Answer = 'accept' | 'decline' | 'end';

/** Each answer: the state it applies to, the refusal otherwise, and the state it leaves. */
const ANSWERS: Record<Answer, { from: PromotionRow['status']; refusal: string; to: PromotionRow['status'] }> = {
  accept: { from: 'pending', refusal: PROMOTION_MESSAGES.notPending, to: 'accepted' },
  decline: { from: 'pending', refusal: PROMOTION_MESSAGES.notPending, to: 'declined' },
  end: { from: 'accepted', refusal: PROMOTION_MESSAGES.notActive, to: 'ended' },
};

/**
 * Third-Party Promotion (decision 069): a signed-in user asks to promote a campaign they do not
 * host; the host accepts or declines, and may end an accepted promotion. Nothing is public before
 * the host accepts. Attribution never moves money: a pledge through a link is the same pledge.
 */
export function createPromotionsService(ctx: AppContext) {
  const { db } = ctx;
  const summaryUrl = (eventId: string) => `${ctx.config.publicUrl}/user/event/${eventId}`;

  async function visibleCampaign(eventId: string, auth: AuthInfo | null) {
    const campaign = await eventRecords.findById(db, eventId);
    assertCanSee(campaign, auth);
    return campaign;
  }

  async function emailPromoter(tx: Executor, promotion: PromotionRow, campaignName: string, answer: Answer) {
    const promoter = await usersService.findById(tx, promotion.promoterId);
    if (!promoter) return;
    const link = `${ctx.config.publicUrl}${promotionPath(promotion.eventId, promotion.id)}`;
    const message =
      answer === 'accept'
        ? promotionEmails.accepted(promoter.email, { campaignName, link })
        : answer === 'decline'
          ? promotionEmails.declined(promoter.email, { campaignName })
          : promotionEmails.ended(promoter.email, { campaignName });
    await ctx.mailer.send(message, tx);
  }

  return {
    /** The signed-in user asks the host; one request per person and campaign, whatever the answer. */
    async request(auth: AuthInfo, eventId: string, input: PromotionRequest): Promise<MyPromotion> {
      const row = await db.transaction(async (tx) => {
        const campaign = await eventRecords.lock(tx, eventId, 'share');
        assertCanSee(campaign, auth);
        if (campaign.ownerId === auth.userId) throw AppError.conflict('OWN_CAMPAIGN', PROMOTION_MESSAGES.ownCampaign);
        if (campaign.status !== 'approved') throw AppError.conflict('EVENT_NOT_LIVE', PROMOTION_MESSAGES.notLive);
        const saved = await repo.insert(tx, { eventId, promoterId: auth.userId, note: input.note });
        if (!saved) {
          // The unique index decides between two requests of one person sent at once.
          const earlier = await repo.findOf(tx, eventId, auth.userId);
          throw AppError.conflict('PROMOTION_EXISTS', REPEAT_REFUSAL[earlier?.status ?? 'pending']);
        }
        const [host, promoter] = await Promise.all([usersService.findById(tx, campaign.ownerId), usersService.findById(tx, auth.userId)]);
        if (host && promoter) {
          const mail = promotionEmails.requested(host.email, {
            promoterName: promoter.name,
            campaignName: campaign.name,
            note: input.note,
            summaryUrl: summaryUrl(eventId),
          });
          await ctx.mailer.send(mail, tx);
        }
        return saved;
      });
      return toMine(row, { pledges: 0, raisedCents: 0 });
    },

    /** "Promoted by {name}" on the campaign page. */
    async shown(eventId: string, auth: AuthInfo | null): Promise<PublicPromotion[]> {
      await visibleCampaign(eventId, auth);
      const rows = await repo.listForCampaign(db, eventId, SHOWN_STATUSES);
      return rows.map((row) => {
        const { _id, promoter, pledges, raised } = toManaged(row);
        return { _id, promoter, pledges, raised, status: row.promotion.status as (typeof SHOWN_STATUSES)[number] };
      });
    },

    /** Every request of the campaign, for its host and admins. */
    async managed(auth: AuthInfo, eventId: string): Promise<ManagedPromotion[]> {
      const campaign = await eventRecords.findById(db, eventId);
      if (!campaign) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
      assertCanManage(campaign, auth);
      const rows = await repo.listForCampaign(db, eventId, ['pending', 'accepted', 'declined', 'ended']);
      return rows.map(toManaged);
    },

    /** The caller's own request for this campaign, if any, with their link once accepted. */
    async mine(auth: AuthInfo, eventId: string): Promise<{ promotion: MyPromotion | null; is_host: boolean }> {
      const campaign = await visibleCampaign(eventId, auth);
      const row = await repo.findOf(db, eventId, auth.userId);
      return { promotion: row ? toMine(row, await repo.attributionOf(db, row.id)) : null, is_host: campaign.ownerId === auth.userId };
    },

    /** The host (or an admin) accepts or declines a request, or ends an accepted promotion. */
    async answer(auth: AuthInfo, promotionId: string, answer: Answer): Promise<ManagedPromotion> {
      const rule = ANSWERS[answer];
      const updated = await db.transaction(async (tx) => {
        const found = await repo.lockWithCampaign(tx, promotionId);
        if (!found) throw AppError.notFound(PROMOTION_MESSAGES.notFound);
        assertCanManage(found.event, auth);
        if (found.promotion.status !== rule.from) throw AppError.conflict('PROMOTION_STATE', rule.refusal);
        if (answer === 'accept' && found.event.status !== 'approved') throw AppError.conflict('EVENT_NOT_LIVE', PROMOTION_MESSAGES.notLive);
        const now = ctx.clock.now();
        const row = await repo.update(tx, promotionId, answer === 'end' ? { status: rule.to, endedAt: now } : { status: rule.to, answeredAt: now });
        await emailPromoter(tx, row, found.event.name, answer);
        return row;
      });
      const [listed] = (await repo.listForCampaign(db, updated.eventId, [updated.status])).filter((row) => row.promotion.id === promotionId);
      return toManaged(listed!);
    },
  };
}

/** What other modules use of promotions: the pledge endpoint credits a link, the host page lists a promoter's, the live stream the credits. */
export const promotionRecords = {
  /** Each shown promotion's credited pledges, for a campaign's live messages (the names stay with the public read). */
  async credits(db: Executor, eventId: string): Promise<Array<{ _id: string; pledges: number; raised: number }>> {
    const rows = await repo.listForCampaign(db, eventId, SHOWN_STATUSES);
    return rows.map((row) => ({ _id: row.promotion.id, pledges: row.pledges, raised: centsToDollars(row.raisedCents) }));
  },

  /**
   * Credits a new pledge to the promotion its link named, inside the pledge's transaction. Anything
   * but an accepted promotion of this campaign, or the promoter's own pledge, is ignored.
   */
  async credit(tx: Executor, input: { via: string | null | undefined; pledgeId: string; eventId: string; userId: string }): Promise<void> {
    if (!input.via || !isUuid(input.via)) return;
    const promotion = await repo.acceptedOn(tx, input.via, input.eventId);
    if (!promotion || promotion.promoterId === input.userId) return;
    await repo.credit(tx, input.pledgeId, promotion.id);
  },

  /** A person's accepted and ended promotions of published campaigns, newest first, with their credited pledges. */
  async ofPromoter(db: Executor, promoterId: string) {
    const rows = await repo.listForPromoter(db, promoterId, SHOWN_STATUSES, PUBLISHED);
    const totals = await totalsFor(
      db,
      rows.map((row) => row.event.id),
    );
    return rows.map((row) => ({
      _id: row.promotion.id,
      status: row.promotion.status as (typeof SHOWN_STATUSES)[number],
      event: toPublicEventSummary(toEventSummary(row.event, totals.get(row.event.id))),
      pledges: row.pledges,
      raised: centsToDollars(row.raisedCents),
    }));
  },
};
