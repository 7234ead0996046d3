import type { AdminCampaignsQuery } from '@pledgeway/domain/schemas/admin';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { chargeFigures } from '../../charging/index.ts';
import { loadEventDetail } from '../../events/index.ts';
import { lifecycleRecords } from '../../lifecycle/index.ts';
import { usersService } from '../../users/index.ts';
import { adminCampaignsRepository as repo } from './repository.ts';

export function createAdminCampaignsService(ctx: AppContext) {
  const { database, db } = ctx;
  return {
    async list(query: AdminCampaignsQuery) {
      const { items, total } = await repo.list(database, query);
      return { items, total, page: query.page, per_page: query.per_page };
    },

    async pledges(eventId: string) {
      const exists = await loadEventDetail(db, eventId);
      if (!exists) throw AppError.notFound('Event not found');
      return repo.pledgesOfEvent(database, eventId);
    },

    reviewQueue: () => repo.reviewQueue(database),

    /** Everything the creator submitted, with who they are and the state of their funding payment. */
    async reviewDetail(eventId: string) {
      const loaded = await loadEventDetail(db, eventId);
      if (!loaded) throw AppError.notFound('Event not found');
      const [owner, funding] = await Promise.all([usersService.findById(db, loaded.row.ownerId), repo.fundingPledge(database, eventId)]);
      return {
        event: loaded.detail,
        owner: {
          _id: loaded.row.ownerId,
          name: owner?.name ?? 'Deleted user',
          email: owner?.email ?? '',
          identity_status: owner?.identityStatus ?? 'unverified',
          disabled: Boolean(owner?.disabledAt),
        },
        funding,
        waiting_since: loaded.row.updatedAt.toISOString(),
      };
    },

    /** The campaigns waiting for the charge, each with what its run charges: the figures the host's Complete confirmation showed. */
    async chargeQueue() {
      const [queued, failed] = await Promise.all([repo.chargeQueue(database), repo.failedPledges(database)]);
      const waiting = await Promise.all(
        queued.map(async (row) => {
          const event = await lifecycleRecords.findEvent(db, row._id);
          // Deleted since the queue was read: nothing is left to charge.
          return event ? [{ ...row, charge: await chargeFigures(db, event) }] : [];
        }),
      );
      return { waiting: waiting.flat(), failed };
    },
  };
}
