import type { AppContext, AuthInfo } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { toEventSummaries } from '../event-reads/index.ts';
import { createLifecycleService } from '../lifecycle/index.ts';
import { myEventsRepository as repo } from './repository.ts';

export function createMyEventsService(ctx: AppContext) {
  const lifecycle = createLifecycleService(ctx);
  return {
    async listFor(auth: AuthInfo, userId: string | undefined) {
      const ownerId = userId ?? auth.userId;
      // A user sees only their own campaigns here; admins review through their own screens.
      if (ownerId !== auth.userId && auth.role !== 'admin') throw AppError.forbidden('You can only see your own events');
      return toEventSummaries(ctx.db, await repo.listByOwner(ctx.db, ownerId));
    },

    /** Deletes a campaign before approval, through the life cycle (funding refunded, pledges released). */
    delete(auth: AuthInfo, eventId: string) {
      return lifecycle.deleteBeforeApproval(auth, eventId);
    },
  };
}
