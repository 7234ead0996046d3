import { centsToDollars, type LiveFigures, type Supporter } from '@pledgeway/domain';
import { SUPPORTERS_PAGE_SIZE } from '@pledgeway/domain/catalog';
import type { Executor } from '../../db/client.ts';
import type { AppContext, AuthInfo } from '../../context.ts';
import { assertCanSee } from '../event-reads/index.ts';
import { runoffTotals, totalsFor } from '../event-reads/index.ts';
import { eventRecords, type CampaignRow } from '../event-records/index.ts';
import { pledgesRepository as repo } from './pledge-repository.ts';

export { SUPPORTERS_PAGE_SIZE };

/** A campaign's public figures: only for campaigns the public (or this creator or an admin) may see. */
export async function visibleCampaign(ctx: AppContext, eventId: string, auth: AuthInfo | null): Promise<CampaignRow> {
  const campaign = await eventRecords.findById(ctx.db, eventId);
  assertCanSee(campaign, auth);
  return campaign;
}

/** What every open page of a campaign shows live: totals, supporters, and each runoff option's. */
export async function readLiveTotals(ctx: AppContext, eventId: string): Promise<LiveFigures> {
  const [campaign, totals, options] = await Promise.all([eventRecords.findById(ctx.db, eventId), totalsFor(ctx.db, [eventId]), runoffTotals(ctx.db, eventId)]);
  const campaignTotals = totals.get(eventId);
  return {
    event_id: eventId,
    payment_amount: centsToDollars(campaignTotals?.raisedCents ?? 0),
    supporters: campaignTotals?.supporters ?? 0,
    pledge_count: campaignTotals?.pledgeCount ?? 0,
    status: campaign?.status ?? 'cancelled',
    options,
  };
}

/**
 * A campaign's counted pledges as the public sees them, newest first: the one place that decides a
 * supporter's shown name (none for an anonymous pledge, never the account's name then). The
 * supporters list and the live messages' newest supporters both read through it.
 */
export async function publicSupporters(db: Executor, eventId: string, page: { offset: number; limit: number }): Promise<Supporter[]> {
  const rows = await repo.supporters(db, eventId, page);
  return rows.map(({ pledge, name }) => ({
    _id: pledge.id,
    // A sponsor's match is shown under the name the sponsor chose, never the account's (decision 109).
    name: pledge.anonymous ? null : (pledge.displayName ?? name),
    amount: centsToDollars(pledge.amountCents),
    message: pledge.message,
    participant_id: pledge.participantId,
    created_at: pledge.createdAt.toISOString(),
  }));
}

export function createSupportersService(ctx: AppContext) {
  return {
    /** Counted pledges (pending, charged, failed) newest first; anonymous ones without a name. */
    async list(eventId: string, auth: AuthInfo | null, offset: number): Promise<{ supporters: Supporter[]; count: number; total: number }> {
      await visibleCampaign(ctx, eventId, auth);
      const [supporters, totals] = await Promise.all([
        publicSupporters(ctx.db, eventId, { offset, limit: SUPPORTERS_PAGE_SIZE }),
        totalsFor(ctx.db, [eventId]),
      ]);
      return {
        supporters,
        count: totals.get(eventId)?.pledgeCount ?? 0,
        total: centsToDollars(totals.get(eventId)?.raisedCents ?? 0),
      };
    },
  };
}
