import {
  centsToDollars,
  dollarsToCents,
  matchAmountCents,
  MATCH_MESSAGES,
  PLEDGE_FORM_MESSAGES,
  pledgingClosedAtDeadline,
  type CreateMatchRequest,
  type MatchResponse,
} from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { assertCanSee } from '../event-reads/index.ts';
import { paymentMethodRecords } from '../payment-methods/index.ts';
import { pledgesRepository } from '../pledges/index.ts';
import { usersService } from '../users/index.ts';
import { matchingEmails } from './emails.ts';
import { matchingRepository as repo } from './repository.ts';
import { matchRecords as settleRecords, publicSponsorName, termsOf } from './settle.ts';
import { topUpWithin } from './top-up.ts';
import { eventRecords, type CampaignRow } from '../event-records/index.ts';

/** A match's pledges "currently counted" on the live page: those still valid (decision 004). */
const COUNTED_STATUSES = ['pending', 'charged', 'failed'] as const;

type MatchView = Awaited<ReturnType<typeof repo.listForEvent>>[number];
type Matchable = Awaited<ReturnType<typeof repo.matchablePledges>>;

type TopUp = Awaited<ReturnType<typeof repo.topUpsOf>>[number];
type MatchCharge = { amountCents: number; status: TopUp['status'] };

/** One charge of a match (its first, or a top-up) as the sponsor reads it. */
function chargeStatusOf(status: TopUp['status']): MatchResponse['status'] {
  if (status === 'charged' || status === 'failed' || status === 'dropped') return status;
  return status === 'pending' ? 'charging' : 'released';
}

/** What needs the sponsor first: a declined charge, then one in progress, then what was charged. */
const STATUS_PRIORITY: MatchResponse['status'][] = ['failed', 'charging', 'charged', 'dropped', 'released'];

function statusOf(match: MatchView['match'], charges: MatchCharge[]): MatchResponse['status'] {
  if (match.status === 'offered' || match.status === 'released') return match.status;
  if (!charges.length) return 'not_charged';
  const statuses = charges.map((charge) => chargeStatusOf(charge.status));
  return STATUS_PRIORITY.find((status) => statuses.includes(status))!;
}

/**
 * The match so far while offered (from the pledges counted now); once settled, its fixed amount
 * (its first charge and every top-up) and what of it was charged.
 */
function toMatchResponse(view: MatchView, counted: Matchable, topUps: TopUp[]): MatchResponse {
  const { match } = view;
  const first: MatchCharge[] = view.pledgeStatus ? [{ amountCents: view.pledgeAmountCents ?? 0, status: view.pledgeStatus }] : [];
  const charges = [...first, ...topUps.filter((topUp) => topUp.matchId === match.id)];
  let matchedCents = 0;
  if (match.status === 'offered') matchedCents = matchAmountCents(termsOf(match), counted);
  else if (match.status === 'settled') matchedCents = charges.reduce((sum, charge) => sum + charge.amountCents, 0);
  const chargedCents = charges.filter((charge) => charge.status === 'charged').reduce((sum, charge) => sum + charge.amountCents, 0);
  return {
    _id: match.id,
    event_id: match.eventId,
    sponsor_name: publicSponsorName(match),
    anonymous: match.anonymous,
    ratio: match.ratio,
    cap: centsToDollars(match.capCents),
    starts_at: match.startsAt?.toISOString() ?? null,
    ends_at: match.endsAt?.toISOString() ?? null,
    participant_id: match.participantId,
    participant_name: view.participantName,
    status: statusOf(match, charges),
    matched_amount: centsToDollars(matchedCents),
    charged_amount: centsToDollars(chargedCents),
  };
}

/** The campaign must take pledges now: the same rule as a pledge's (approved, before its deadline). */
function assertLive(campaign: CampaignRow, now: Date) {
  if (campaign.status === 'freeze') throw AppError.conflict('EVENT_FROZEN', PLEDGE_FORM_MESSAGES.frozen);
  if (campaign.status !== 'approved') throw AppError.conflict('EVENT_NOT_LIVE', MATCH_MESSAGES.notLive);
  const closed = pledgingClosedAtDeadline(campaign, now);
  if (closed) throw AppError.conflict('PLEDGING_CLOSED', closed);
}

export function createMatchService(ctx: AppContext) {
  const { db } = ctx;

  async function list(views: MatchView[], eventId: string): Promise<MatchResponse[]> {
    const counted = views.some((view) => view.match.status === 'offered') ? await repo.matchablePledges(db, eventId, COUNTED_STATUSES) : [];
    const settled = views.filter((view) => view.match.status === 'settled').map((view) => view.match.id);
    const topUps = await repo.topUpsOf(db, settled);
    return views.map((view) => toMatchResponse(view, counted, topUps));
  }

  return {
    /**
     * A sponsor offers a match: checked and written under the campaign's share lock, so a
     * completion waits for it and its charge run sees it; one offer per sponsor per campaign.
     */
    async offer(userId: string, eventId: string, input: CreateMatchRequest): Promise<MatchResponse> {
      // The sponsor's receipts and the charge-failed link go to this address (decision 095).
      await usersService.assertEmailConfirmed(db, userId, 'offerMatch');
      const now = ctx.clock.now();
      const endsAt = input.ends_at ? new Date(input.ends_at) : null;
      if (endsAt && endsAt.getTime() <= now.getTime()) throw AppError.validation({ ends_at: MATCH_MESSAGES.windowEnded });
      const view = await db.transaction(async (tx) => {
        const campaign = await eventRecords.lock(tx, eventId, 'share');
        if (!campaign) throw AppError.notFound(MATCH_MESSAGES.notFound);
        assertLive(campaign, now);
        const card = await paymentMethodRecords.findActive(tx, userId, input.payment_method_id);
        if (!card) throw AppError.validation({ payment_method_id: MATCH_MESSAGES.paymentMethodRequired });
        const participantId = input.participant_id ?? null;
        if (participantId && campaign.kind !== 'runoff') throw AppError.validation({ participant_id: MATCH_MESSAGES.optionOnlyOnRunoff });
        if (participantId && !(await pledgesRepository.participantOf(tx, eventId, participantId))) {
          throw AppError.validation({ participant_id: MATCH_MESSAGES.chooseOption });
        }
        const match = await repo.insert(tx, {
          eventId,
          sponsorId: userId,
          paymentMethodId: card.id,
          sponsorName: input.sponsor_name,
          anonymous: input.anonymous,
          ratio: input.ratio,
          capCents: dollarsToCents(input.cap),
          startsAt: input.starts_at ? new Date(input.starts_at) : null,
          endsAt,
          participantId,
        });
        if (!match) throw AppError.conflict('MATCH_EXISTS', MATCH_MESSAGES.alreadyOffered);
        const [view] = (await repo.listForEvent(tx, eventId)).filter((row) => row.match.id === match.id);
        // The confirmation is written with the offer (outbox): it exists exactly when the offer does.
        const email = await repo.sponsorEmail(tx, userId);
        const terms = { ...termsOf(match), optionName: view?.participantName ?? null };
        if (email) await ctx.mailer.send(matchingEmails.offered(email, campaign, terms, ctx.config.publicUrl), tx);
        return view!;
      });
      ctx.publicReads.clear();
      void ctx.live.publish(eventId);
      const [response] = await list([view], eventId);
      return response!;
    },

    /** The campaign's matches, public: "Matched by {sponsor}: $X of $Y". */
    async forEvent(eventId: string, auth: AuthInfo | null): Promise<MatchResponse[]> {
      const campaign = await repo.campaignVisibility(db, eventId);
      // Only campaigns the public may see (or their creator, or an admin), as their supporters.
      assertCanSee(campaign, auth, MATCH_MESSAGES.notFound);
      return list(await repo.listForEvent(db, eventId), eventId);
    },

    /** Each match's figure so far, for a campaign's live messages (the sponsor's shown name stays with `forEvent`). */
    async progress(eventId: string): Promise<Array<Pick<MatchResponse, '_id' | 'status' | 'matched_amount'>>> {
      const matches = await list(await repo.listForEvent(db, eventId), eventId);
      return matches.map(({ _id, status, matched_amount }) => ({ _id, status, matched_amount }));
    },

    /** The sponsor's own matches (My Pledges). */
    async mine(userId: string): Promise<Array<MatchResponse & { event_name: string }>> {
      const rows = await repo.listForSponsor(db, userId);
      const answers: Array<MatchResponse & { event_name: string }> = [];
      for (const row of rows) {
        const [response] = await list([row], row.match.eventId);
        answers.push({ ...response!, event_name: row.eventName });
      }
      return answers;
    },
  };
}

/** What the charging and life-cycle modules do with matches, inside their own transactions. */
export const matchRecords = { ...settleRecords, topUpWithin };
export { matchingEmails } from './emails.ts';
