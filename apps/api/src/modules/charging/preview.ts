import { allowedTransitions, centsToDollars, type LifecyclePreview } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { assertCanManage } from '../event-reads/index.ts';
import { lifecycleRecords } from '../lifecycle/index.ts';
import { matchRecords } from '../matching/index.ts';
import { chargeFigures } from './figures.ts';
import { fundingRefund } from './refunds.ts';
import { chargingRepository as repo } from './repository.ts';

/**
 * What Close and Complete would do with a campaign's money, for the confirmation the creator sees
 * before acting (issue 19, part 5). Each figure comes from the function the action itself runs:
 * the close refund from `fundingRefund`, what Complete leads the run to charge from `chargeFigures`
 * (the admin's charge queue reads the same), the released pledges from the statuses
 * `releaseUncharged` releases.
 * It reads without locking: the action, under the campaign's row lock, acts on the state it finds.
 */
export function createLifecyclePreview(ctx: AppContext) {
  const { db } = ctx;
  return async function preview(auth: AuthInfo | null, eventId: string): Promise<LifecyclePreview> {
    const event = await lifecycleRecords.findEvent(db, eventId);
    if (!event) throw AppError.notFound('Event not found');
    const actor = assertCanManage(event, auth);
    const allowed = allowedTransitions(event.status, actor);
    const [uncharged, funding, charge, countedCents, matches] = await Promise.all([
      repo.unchargedPledges(db, eventId),
      lifecycleRecords.creatorPledge(db, eventId),
      chargeFigures(db, event),
      lifecycleRecords.countedTotalCents(db, eventId),
      matchRecords.offeredAtMost(db, eventId),
    ]);
    const missed = charge.outcome === 'release';
    const chargedFunding = funding?.status === 'charged' ? funding : undefined;
    const refund = chargedFunding ? fundingRefund(chargedFunding, 'close', ctx.config.refundFeeCents) : undefined;
    const sum = (cents: number[]) => centsToDollars(cents.reduce((total, value) => total + value, 0));
    return {
      status: event.status,
      close: {
        allowed: allowed.includes('close') && event.status !== 'close',
        funding_amount: refund ? centsToDollars(refund.chargedCents) : null,
        refund_amount: centsToDollars(refund?.refundCents ?? 0),
        kept_amount: centsToDollars(refund?.keptCents ?? 0),
        released_pledges: uncharged.length,
        released_amount: sum(uncharged.map((pledge) => pledge.amountCents)),
        released_matches: matches.length,
      },
      complete: {
        allowed: allowed.includes('completed') && event.status !== 'completed',
        charge,
        counted_amount: centsToDollars(countedCents),
        target_amount: centsToDollars(event.targetCents),
        funding_model: event.fundingModel,
        runoff: event.kind === 'runoff',
        matches: matches.map((match) => ({
          sponsor_name: match.sponsorName,
          ratio: match.ratio,
          cap: centsToDollars(match.capCents),
          // A missed All or Nothing target releases the matches with the pledges: nothing to charge.
          at_most: missed ? 0 : centsToDollars(match.atMostCents),
        })),
      },
    };
  };
}
