import { randomUUID } from 'node:crypto';
import {
  dollarsToCents,
  EVENT_MESSAGES,
  formatCents,
  PLEDGE_FORM_MESSAGES,
  pledgingClosedAtDeadline,
  pledgingNotYetOpen,
  quotePledge,
  type CreatePledgeRequest,
  type PledgeResponse,
} from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { sqlFromText } from '../../db/raw.ts';
import { AppError } from '../../errors.ts';
import { outboxValues } from '../../providers/email/index.ts';
import { liveRole, type VerifiedAccessToken } from '../auth/index.ts';
import { fundraisingPageRecords } from '../fundraising-pages/index.ts';
import { promotionRecords } from '../promotions/index.ts';
import { pledgesRepository as repo, type CampaignFacts, type NewPledge, type PledgeContext, type RunSql } from './pledge-repository.ts';
import { pledgeBreakdown, toPledgeResponse } from './pledge-response.ts';
import { pledgeReceipt } from './receipt.ts';

/** A supporter pledges at most this often per minute, counted by the pledge's write (decision 119). */
export const PLEDGES_PER_MINUTE = 30;
const PLEDGE_LIMIT_WINDOW_MS = 60_000;

export const PLEDGE_RULE_MESSAGES = {
  chooseOption: 'Choose the option you are pledging to',
  unknownOption: 'This option is not part of the campaign',
  /** `{amount}` is the runoff's fixed amount in dollars. */
  fixedAmount: 'Pledges to this runoff are exactly {amount}',
  requestKeyReused: 'This Idempotency-Key was already used for a different pledge',
} as const;

/**
 * Unlocked reads the write may find outdated (the campaign changed in between) before the pledge
 * is made under the campaign's share lock held from the read on: campaigns change rarely, so the
 * first attempt almost always writes.
 */
const UNLOCKED_ATTEMPTS = 3;
/** A foreign key the insert found gone (a runoff option removed after the read): read again. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Refuses a campaign that is not live (docs/product.md#campaign-life-cycle): only approved campaigns take pledges,
 * a scheduled one only from its start date, and a deadline kind only until its deadline.
 */
function assertLive(campaign: CampaignFacts, now: Date) {
  if (campaign.status === 'approved') {
    const notYetOpen = pledgingNotYetOpen(campaign.startDate, now);
    if (notYetOpen) throw AppError.conflict('PLEDGING_NOT_OPEN', notYetOpen);
    // Between a Money Bomb's or Crowdfunding's deadline and the job's next tick, pledging is already closed.
    const closed = pledgingClosedAtDeadline(campaign, now);
    if (closed) throw AppError.conflict('PLEDGING_CLOSED', closed);
    return;
  }
  if (campaign.status === 'freeze') throw AppError.conflict('EVENT_FROZEN', PLEDGE_FORM_MESSAGES.frozen);
  throw AppError.conflict('EVENT_NOT_LIVE', PLEDGE_FORM_MESSAGES.notLive);
}

function assertAmountAllowed(campaign: CampaignFacts, amountCents: number) {
  if (campaign.donationLimitCents !== null && amountCents > campaign.donationLimitCents) {
    const message = PLEDGE_FORM_MESSAGES.overDonationLimit.replace('{limit}', formatCents(campaign.donationLimitCents, { whole: true }));
    throw AppError.validation({ amount: message });
  }
  if (campaign.kind === 'runoff' && campaign.runoffWinBy === 'donor_total' && campaign.runoffFixedAmountCents !== null) {
    if (amountCents !== campaign.runoffFixedAmountCents) {
      throw AppError.validation({ amount: PLEDGE_RULE_MESSAGES.fixedAmount.replace('{amount}', formatCents(campaign.runoffFixedAmountCents)) });
    }
  }
}

/** The runoff option the pledge backs: required on a runoff, and it must be one of its options. */
function chosenOption(campaign: CampaignFacts, input: CreatePledgeRequest, optionBelongs: boolean): string | null {
  if (campaign.kind !== 'runoff') return null;
  if (!input.participant_id) throw AppError.validation({ participant_id: PLEDGE_RULE_MESSAGES.chooseOption });
  if (!optionBelongs) throw AppError.validation({ participant_id: PLEDGE_RULE_MESSAGES.unknownOption });
  return input.participant_id;
}

interface PledgeRequest {
  userId: string;
  /** The access token, its session checked by the context read (the route's `sessionCheckedByRoute`). */
  token: VerifiedAccessToken;
  eventId: string;
  input: CreatePledgeRequest;
  amountCents: number;
  requestKey: string | null;
}

type Supporter = NonNullable<PledgeContext['supporter']>;
type Card = NonNullable<PledgeContext['card']>;

export function createPledgeService(ctx: AppContext) {
  const { db, database } = ctx;
  const readContext = repo.pledgeContextReader(db);
  const prepared: RunSql = (text, params) => database.prepared(text, params);

  /** The same request sent again answers the first pledge, if it is the same pledge. */
  async function replay(request: PledgeRequest): Promise<{ pledge: PledgeResponse; created: boolean }> {
    const existing = await repo.findByRequestKey(db, request.userId, request.requestKey!);
    if (!existing || existing.eventId !== request.eventId || existing.amountCents !== request.amountCents) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', PLEDGE_RULE_MESSAGES.requestKeyReused, 422);
    }
    return { pledge: toPledgeResponse(existing), created: false };
  }

  /**
   * Checks the rules against the campaign as read at `version` and writes the pledge with its
   * receipt if the campaign is still at that version. Saves a pending pledge with its fees fixed
   * now; the card is kept for the charge at completion and is not charged here.
   */
  async function write(
    run: RunSql,
    request: PledgeRequest,
    facts: { campaign: CampaignFacts; version: string; optionBelongs: boolean; supporter: Supporter; card: Card; pageId?: string },
  ) {
    const { campaign } = facts;
    const { input } = request;
    assertLive(campaign, ctx.clock.now());
    assertAmountAllowed(campaign, request.amountCents);
    const participantId = chosenOption(campaign, input, facts.optionBelongs);
    const quote = quotePledge({
      amountCents: request.amountCents,
      tipPercent: input.tip_percent,
      coverFees: input.cover_fees,
      isCreator: campaign.ownerId === request.userId,
    });
    const pledge = {
      id: randomUUID(),
      eventId: request.eventId,
      userId: request.userId,
      participantId,
      // Only a pledge through a page names one: the common statement keeps its set of columns.
      ...(facts.pageId ? { fundraisingPageId: facts.pageId } : {}),
      paymentMethodId: facts.card.id,
      amountCents: request.amountCents,
      tipCents: quote.tipCents,
      coverFees: input.cover_fees,
      platformFeeCents: quote.platformFeeCents,
      coverCents: quote.coverCents,
      anonymous: input.anonymous,
      message: input.message,
      notifyUpdates: input.notify_updates,
      shareEmailWithCharity: input.share_email_with_charity,
      shareEmailWithHost: input.share_email_with_host,
      status: 'pending',
      // The key the charge will be made with, so the pledge is never charged twice.
      idempotencyKey: `pledge_${randomUUID()}`,
      requestKey: request.requestKey,
    } satisfies NewPledge;
    const receipt = pledgeReceipt({
      to: facts.supporter.email,
      supporterName: facts.supporter.name,
      campaignName: campaign.name,
      campaignUrl: `${ctx.config.publicUrl}/events/${campaign.id}`,
      card: facts.card,
      pledgeId: pledge.id,
      breakdown: pledgeBreakdown({ ...pledge, chargedCents: null, cardFeeCents: null }),
    });
    const limit = { key: `pledges-${request.userId}`, windowMs: PLEDGE_LIMIT_WINDOW_MS, max: PLEDGES_PER_MINUTE };
    const written = await repo.writePledge(run, { eventId: request.eventId, version: facts.version, pledge, receipt: outboxValues(receipt), limit });
    return { written, receipt };
  }

  /**
   * The campaign locked for the whole transaction: the path when it kept changing under the
   * unlocked reads, and of a pledge through a promoter's link, credited in the same transaction.
   */
  function writeLocked(request: PledgeRequest, supporter: Supporter, card: Card) {
    const { userId, eventId, input } = request;
    return db.transaction(async (tx) => {
      const locked = await repo.lockCampaignVersion(tx, eventId);
      if (!locked) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
      const optionBelongs = input.participant_id ? await repo.participantOf(tx, eventId, input.participant_id) : false;
      const run: RunSql = async (text, params) => (await tx.execute(sqlFromText(text, params))).rows as Record<string, unknown>[];
      // A fundraising page's link: the pledge carries the page (read under a share lock, so a hide waits).
      const page = await fundraisingPageRecords.attributable(tx, input.page, eventId);
      const outcome = await write(run, request, { ...locked, optionBelongs, supporter, card, pageId: page?.id });
      const row = 'row' in outcome.written ? outcome.written.row : undefined;
      // Third-Party Promotion: a pledge through a promoter's link is credited to them; money is unchanged.
      if (row) await promotionRecords.credit(tx, { via: input.via, pledgeId: row.id, eventId, userId });
      if (row && page) {
        const notice = fundraisingPageRecords.pledgedEmail(ctx, page, { amountCents: row.amountCents, supporterName: row.anonymous ? null : supporter.name });
        await ctx.mailer.send(notice, tx);
      }
      return outcome;
    });
  }

  /** One read, the rules, one write; again if the campaign changed in between. */
  async function attempt(request: PledgeRequest, attemptNumber: number) {
    const { input } = request;
    const context = await readContext({
      userId: request.userId,
      sessionId: request.token.sid,
      eventId: request.eventId,
      cardId: input.payment_method_id,
      participantId: input.participant_id ?? null,
      requestKey: request.requestKey,
    });
    if (!context?.supporter || !liveRole(context.session, request.token)) throw AppError.unauthenticated();
    if (context.replay) return { replay: true as const };
    const { supporter, card } = context;
    if (!card) throw AppError.validation({ payment_method_id: PLEDGE_FORM_MESSAGES.paymentMethodRequired });
    if (!context.campaign || !context.version) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
    if (attemptNumber > UNLOCKED_ATTEMPTS || input.via || input.page) return writeLocked(request, supporter, card);
    const facts = { campaign: context.campaign, version: context.version, optionBelongs: context.optionBelongs, supporter, card };
    return write(prepared, request, facts);
  }

  return {
    /** A pledge by the token's user, once the context read has found the token's session live. */
    async create(
      token: VerifiedAccessToken,
      eventId: string,
      input: CreatePledgeRequest,
      requestKey?: string,
    ): Promise<{ pledge: PledgeResponse; created: boolean }> {
      const request: PledgeRequest = {
        userId: token.sub,
        token,
        eventId,
        input,
        amountCents: dollarsToCents(input.amount),
        requestKey: requestKey ?? null,
      };
      for (let attemptNumber = 1; attemptNumber <= UNLOCKED_ATTEMPTS + 1; attemptNumber += 1) {
        const outcome = await attempt(request, attemptNumber).catch((error: unknown) => {
          if (attemptNumber <= UNLOCKED_ATTEMPTS && foreignKeyGone(error)) return { changed: true as const };
          throw error;
        });
        if ('replay' in outcome) return replay(request);
        if ('changed' in outcome || outcome.written.changed) continue;
        if (outcome.written.limited) throw AppError.rateLimited(outcome.written.limited.retryAfterMs);
        // A concurrent request with the same key committed first.
        if (!outcome.written.row) return replay(request);
        ctx.mailer.queued(outcome.receipt, { inTransaction: false });
        void ctx.live.publish(eventId);
        return { pledge: toPledgeResponse(outcome.written.row), created: true };
      }
      // The last attempt holds the campaign's lock from its read to its write: its version cannot change.
      throw new Error('the campaign changed under its own share lock');
    },
  };
}

function foreignKeyGone(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 3; depth += 1) {
    if (current.code === FOREIGN_KEY_VIOLATION) return true;
    current = current.cause as typeof current;
  }
  return false;
}
