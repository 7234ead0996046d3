import { centsToDollars } from '@pledgeway/domain';
import { HOST_MESSAGES, type HostPageResponse } from '@pledgeway/domain/schemas/hosts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { distinctSupporters, toEventSummary, totalsFor } from '../event-reads/index.ts';
import { promotionRecords } from '../promotions/index.ts';
import { hostsRepository } from './repository.ts';

/**
 * Platform Building: a creator's public page with their published campaigns and totals, and the
 * campaigns they promote for other hosts. A user who has neither has no host page (404), so
 * signing up reveals nothing.
 */
export function createHostsService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;
  return {
    async page(userId: string): Promise<HostPageResponse['data']> {
      const host = await hostsRepository.findHost(db, userId);
      if (!host) throw AppError.notFound(HOST_MESSAGES.notFound);
      const [rows, promotions] = await Promise.all([hostsRepository.publishedCampaignsOf(db, host.id), promotionRecords.ofPromoter(db, host.id)]);
      if (rows.length === 0 && promotions.length === 0) throw AppError.notFound(HOST_MESSAGES.notFound);
      const ids = rows.map((row) => row.id);
      const [totals, supporters] = await Promise.all([totalsFor(db, ids), distinctSupporters(db, ids)]);
      const raisedCents = ids.reduce((sum, id) => sum + (totals.get(id)?.raisedCents ?? 0), 0);
      return {
        host: { _id: host.id, name: host.name, image: host.image },
        campaigns: rows.map((row) => toEventSummary(row, totals.get(row.id))),
        promotions,
        totals: { campaigns: rows.length, raised: centsToDollars(raisedCents), supporters },
      };
    },
  };
}
