import { ANONYMOUS_SPONSOR_NAME, matchAmountCents, quotePledge, type MatchTerms } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { matchPledgeRepository } from '../pledges/index.ts';
import { matchingEmails } from './emails.ts';
import { matchingRepository as repo, type MatchRow } from './repository.ts';

interface Campaign {
  id: string;
  name: string;
}

/** The idempotency key of a match's pledge, and so of its charge: one per match, ever. */
export const matchPledgeKey = (matchId: string) => `match:${matchId}`;

/** The only name a match is shown under, wherever others see it: the sponsor's choice, or "Anonymous". */
export function publicSponsorName(match: Pick<MatchRow, 'sponsorName' | 'anonymous'>): string {
  return match.anonymous ? ANONYMOUS_SPONSOR_NAME : match.sponsorName;
}

export function termsOf(match: MatchRow): MatchTerms {
  return { ratio: match.ratio, capCents: match.capCents, startsAt: match.startsAt, endsAt: match.endsAt, optionId: match.participantId };
}

/**
 * Fixes each offered match of a campaign from its pledges actually charged (decision 109) and
 * makes the pledge that charges it, in the caller's transaction. The caller holds the charge run's
 * row lock and has seen none of the run's supporters' pledges pending, so every outcome is known:
 * a failed or dropped pledge is not matched. The matches are locked and settled once; a match of
 * $0 is settled with no pledge and its sponsor told nothing was charged. Returns the new pledges' ids.
 */
async function settleWithin(ctx: AppContext, tx: Executor, campaign: Campaign, runId: string): Promise<string[]> {
  const offered = await repo.lockOffered(tx, campaign.id);
  if (!offered.length) return [];
  const now = ctx.clock.now();
  const charged = await repo.matchablePledges(tx, campaign.id, ['charged']);
  const pledgeIds: string[] = [];
  for (const match of offered) {
    const amountCents = matchAmountCents(termsOf(match), charged);
    if (amountCents === 0) {
      await repo.settle(tx, match.id, null, now);
      const email = match.sponsorId ? await repo.sponsorEmail(tx, match.sponsorId) : undefined;
      if (email) await ctx.mailer.send(matchingEmails.notCharged(email, campaign), tx);
      continue;
    }
    // The 3% fee of any supporter's pledge; the card fee is the provider's, recorded at the charge.
    const quote = quotePledge({ amountCents, tipPercent: 0, coverFees: false, isCreator: false });
    const pledgeId = await matchPledgeRepository.insert(tx, {
      eventId: campaign.id,
      userId: match.sponsorId,
      participantId: match.participantId,
      paymentMethodId: match.paymentMethodId,
      amountCents,
      tipCents: 0,
      platformFeeCents: quote.platformFeeCents,
      coverCents: 0,
      kind: 'match',
      // Shown as the sponsor chose, never as the account holder: the pledge is public once it exists.
      anonymous: match.anonymous,
      displayName: match.sponsorName,
      status: 'pending',
      chargeRunId: runId,
      idempotencyKey: matchPledgeKey(match.id),
    });
    await repo.settle(tx, match.id, pledgeId, now);
    pledgeIds.push(pledgeId);
  }
  return pledgeIds;
}

/** Offered matches released (close, delete, a missed All or Nothing target): nothing is charged; each sponsor told. */
async function releaseWithin(ctx: AppContext, tx: Executor, campaign: Campaign): Promise<number> {
  const released = await repo.releaseOffered(tx, campaign.id, ctx.clock.now());
  for (const { email } of released) if (email) await ctx.mailer.send(matchingEmails.released(email, campaign), tx);
  return released.length;
}

/**
 * The campaign's matches still offered, each with the most it can come to: its amount if every
 * supporter's pledge waiting for the charge run (or charged already) were charged. The run fixes
 * it from those actually charged, so a failed pledge only lowers it. For the Complete preview.
 */
async function offeredAtMost(db: Executor, eventId: string) {
  const offered = (await repo.listForEvent(db, eventId)).filter((view) => view.match.status === 'offered');
  if (!offered.length) return [];
  const chargeable = await repo.matchablePledges(db, eventId, ['pending', 'charged']);
  return offered.map(({ match }) => ({
    sponsorName: publicSponsorName(match),
    ratio: match.ratio,
    capCents: match.capCents,
    atMostCents: matchAmountCents(termsOf(match), chargeable),
  }));
}

/** What the charging and life-cycle modules do with matches, inside their own transactions. */
export const matchRecords = {
  settleWithin,
  releaseWithin,
  offeredAtMost,
  /** Supporters' pledges of the run still waiting for an outcome: matches wait for none. */
  pendingInRun: repo.pendingInRun,
  /** The match a pledge of kind `match` charges: its ledger transaction names it. */
  forPledge: repo.forPledge,
};
