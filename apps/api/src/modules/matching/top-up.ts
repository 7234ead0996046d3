import { matchTopUpCents, quotePledge } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { matchPledgeRepository } from '../pledges/index.ts';
import { matchingRepository as repo } from './repository.ts';
import { termsOf } from './settle.ts';

/** The idempotency key of a top-up's pledge (and so of its charge attempts): one per match and recovered pledge. */
export const matchTopUpKey = (matchId: string, recoveredPledgeId: string) => `match-top-up:${matchId}:${recoveredPledgeId}`;

/** A supporter's pledge declined at the charge run and charged afterwards, within the failed-charge window. */
export interface RecoveredPledge {
  id: string;
  eventId: string;
  amountCents: number;
  createdAt: Date;
  participantId: string | null;
  chargeRunId: string | null;
}

/**
 * Tops up each settled match of the campaign that covers a recovered pledge (decision 109): a
 * pledge of its own (kind `match`, pending, in the campaign's run) for ratio × the pledge, at most
 * what the cap leaves above the amount fixed so far. Read and written under the matches' row locks
 * (`FOR UPDATE`), so two recoveries at once add in turn and never pass the cap together; the
 * unique (match, recovered pledge) pair makes a repeated recording add nothing. An offered match
 * is left alone (its settlement counts the pledge, now charged), a released one charges nothing.
 * The caller holds the charge run's row lock, taken before these as a settlement takes them.
 * Returns the new pledges' ids, to be charged like any other.
 */
export async function topUpWithin(tx: Executor, recovered: RecoveredPledge): Promise<string[]> {
  const matches = await repo.lockAllOfCampaign(tx, recovered.eventId);
  const pledgeIds: string[] = [];
  for (const match of matches) {
    if (match.status !== 'settled') continue;
    const fixed = await repo.fixedSoFar(tx, match, recovered.id);
    if (fixed.toppedUp) continue;
    const amountCents = matchTopUpCents(termsOf(match), fixed.cents, {
      amountCents: recovered.amountCents,
      createdAt: recovered.createdAt,
      optionId: recovered.participantId,
    });
    if (amountCents === 0) continue;
    // The 3% fee of any pledge, as the first charge; the card fee is the provider's, recorded at the charge.
    const quote = quotePledge({ amountCents, tipPercent: 0, coverFees: false, isCreator: false });
    const pledgeId = await matchPledgeRepository.insert(tx, {
      eventId: recovered.eventId,
      userId: match.sponsorId,
      participantId: match.participantId,
      // The card the sponsor last gave for this match (an Update payment method of its first charge), else the offer's.
      paymentMethodId: fixed.cardId ?? match.paymentMethodId,
      amountCents,
      tipCents: 0,
      platformFeeCents: quote.platformFeeCents,
      coverCents: 0,
      kind: 'match',
      status: 'pending',
      chargeRunId: recovered.chargeRunId,
      idempotencyKey: matchTopUpKey(match.id, recovered.id),
    });
    await repo.insertTopUp(tx, { matchId: match.id, recoveredPledgeId: recovered.id, pledgeId, amountCents });
    pledgeIds.push(pledgeId);
  }
  return pledgeIds;
}
