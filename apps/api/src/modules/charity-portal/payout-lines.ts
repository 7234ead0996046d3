import { centsToDollars, type PayoutCarriedPledge } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { payoutRecords } from '../payouts/index.ts';
import { portalRepository as repo } from './repository.ts';

/**
 * Each payout of the charity, newest first, with every line it carried. The portal lists the first
 * few of each (a money bomb's payout carries tens of thousands); the payouts CSV has them all.
 */
export async function payoutsWithLines(db: Executor, charityId: string, campaignName: ReadonlyMap<string, string>) {
  const [history, carried] = await Promise.all([payoutRecords.history(db, charityId), payoutRecords.carriedByPayouts(db, charityId)]);
  const names = await repo.publicNames(
    db,
    carried.flatMap((row) => (row.pledgeId ? [row.pledgeId] : [])),
  );
  const linesByPayout = new Map<string, PayoutCarriedPledge[]>();
  for (const row of carried) {
    const line: PayoutCarriedPledge = {
      pledge_id: row.pledgeId,
      campaign: row.eventId ? (campaignName.get(row.eventId) ?? null) : null,
      supporter: row.pledgeId ? (names.get(row.pledgeId) ?? 'Former supporter') : 'Donations on /charities',
      amount: centsToDollars(row.cents),
    };
    const lines = linesByPayout.get(row.payoutId);
    if (lines) lines.push(line);
    else linesByPayout.set(row.payoutId, [line]);
  }
  return history.map((payout) => ({
    _id: payout.id,
    amount: centsToDollars(payout.amountCents),
    paid_on: payout.paidOn,
    reference: payout.reference,
    lines: linesByPayout.get(payout.id) ?? [],
  }));
}
