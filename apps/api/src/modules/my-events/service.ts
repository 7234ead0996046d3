import { canDeleteEvent, MY_EVENTS_MESSAGES } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { toEventSummaries, type EventRow } from '../events/read-model.ts';
import { myEventsRepository as repo } from './repository.ts';

/**
 * Seam for the payments issue: deleting a campaign before approval refunds the creator's funding
 * payment in full less the provider's card fee (DESIGN.md section 4). The funding payment is
 * recorded by the campaign-creation/payments work; until it exists there is nothing to refund.
 */
export type FundingRefunder = (tx: Executor, event: EventRow) => Promise<void>;
const noFundingYet: FundingRefunder = async () => undefined;

export function createMyEventsService(ctx: AppContext, refundFunding: FundingRefunder = noFundingYet) {
  return {
    async listFor(auth: AuthInfo, userId: string | undefined) {
      const ownerId = userId ?? auth.userId;
      // A user sees only their own campaigns here; admins review through their own screens.
      if (ownerId !== auth.userId && auth.role !== 'admin') throw AppError.forbidden('You can only see your own events');
      return toEventSummaries(ctx.db, await repo.listByOwner(ctx.db, ownerId));
    },

    /**
     * Deletes a campaign before approval. A campaign with money history (its creator's funding or
     * pledges) keeps its row as `cancelled` so the books stay whole; its content is removed.
     */
    async delete(auth: AuthInfo, eventId: string) {
      return ctx.db.transaction(async (tx) => {
        const event = await repo.findForUpdate(tx, eventId);
        if (!event) throw AppError.notFound('Event not found');
        if (event.ownerId !== auth.userId && auth.role !== 'admin') throw AppError.forbidden('You can only delete your own events');
        if (!canDeleteEvent(event.status)) throw AppError.conflict('EVENT_NOT_DELETABLE', MY_EVENTS_MESSAGES.notDeletable);
        const releasedPledges = await repo.releaseOpenPledges(tx, eventId);
        await refundFunding(tx, event);
        await repo.deleteContent(tx, eventId);
        if (await repo.hasMoneyHistory(tx, eventId)) await repo.markCancelled(tx, eventId);
        else await repo.deleteEvent(tx, eventId);
        return { releasedPledges };
      });
    },
  };
}
