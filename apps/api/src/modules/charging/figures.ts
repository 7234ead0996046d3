import { centsToDollars, type ChargeFigures } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import type { CampaignRow } from '../event-records/index.ts';
import { lifecycleRecords } from '../lifecycle/index.ts';
import { matchRecords } from '../matching/index.ts';
import { pledgeChargeCents } from './charge-pledge.ts';
import { fundingToCharityCents } from './funding-share.ts';
import { chargingRepository as repo } from './repository.ts';
import { missesTarget } from './runs.ts';

const sum = (cents: number[]) => cents.reduce((total, value) => total + value, 0);

/**
 * The one read of what a completed campaign's charge run charges (issue 6): the supporters'
 * pledges to charge and what their cards are charged, the sponsors' match charges (offered ones at
 * most, fixed ones as fixed), and the creator's funding with what the charity receives of it. The
 * host's Complete confirmation, the admin's charge queue and their texts all read it. Each figure
 * comes from the code the run itself runs: the target check from `missesTarget`, a pledge's charge
 * from `pledgeChargeCents`, a match's most from `matchRecords.offeredAtMost`.
 */
export async function chargeFigures(db: Executor, event: CampaignRow): Promise<ChargeFigures> {
  const [uncharged, funding, missed, offered] = await Promise.all([
    repo.unchargedPledges(db, event.id),
    lifecycleRecords.creatorPledge(db, event.id),
    missesTarget(db, event),
    matchRecords.offeredAtMost(db, event.id),
  ]);
  const pending = uncharged.filter((pledge) => pledge.status === 'pending' && !pledge.isCreatorPledge);
  const pledges = pending.filter((pledge) => pledge.kind === 'pledge');
  const fixedMatches = pending.filter((pledge) => pledge.kind === 'match');
  const chargedFunding = funding?.status === 'charged' ? funding : undefined;
  return {
    outcome: missed ? 'release' : 'charge',
    pledges: { count: pledges.length, amount: centsToDollars(missed ? 0 : sum(pledges.map(pledgeChargeCents))) },
    // A missed All or Nothing target releases the matches with the pledges: nothing to charge.
    match_charges: {
      count: offered.length + fixedMatches.length,
      amount: centsToDollars(missed ? 0 : sum([...offered.map((match) => match.atMostCents), ...fixedMatches.map(pledgeChargeCents)])),
    },
    funding: chargedFunding
      ? {
          amount: centsToDollars(chargedFunding.chargedCents ?? chargedFunding.amountCents),
          to_charity: centsToDollars(missed ? 0 : fundingToCharityCents(chargedFunding)),
        }
      : null,
  };
}
