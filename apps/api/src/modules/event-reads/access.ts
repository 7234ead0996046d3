import { EVENT_MESSAGES, type Actor } from '@pledgeway/domain';
import type { AuthInfo } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { CampaignRow } from '../event-records/index.ts';
import { isPubliclyVisible } from './totals-and-summaries.ts';

export const NOT_YOURS = 'Only the creator of this campaign or an admin can change it';

/** Owner or admin only (docs/product.md#10-chosen-readings: a missing ownership check would be a defect). */
export function assertCanManage(row: Pick<CampaignRow, 'ownerId'>, auth: AuthInfo | null): Actor {
  if (!auth) throw AppError.unauthenticated();
  if (auth.role === 'admin') return 'admin';
  if (row.ownerId !== auth.userId) throw AppError.forbidden(NOT_YOURS);
  return 'owner';
}

export function canView(row: Pick<CampaignRow, 'ownerId'>, auth: AuthInfo | null): boolean {
  return Boolean(auth && (auth.role === 'admin' || auth.userId === row.ownerId));
}

/**
 * Who may see a campaign and what hangs from it (supporters, updates, matches, pages, the open
 * ledger): anyone once it is published; before that, or once refused, its creator and admins only.
 * For anybody else it does not exist: 404 with `notFound` (the campaign's "not found" unless the
 * caller names its own thing).
 */
export function assertCanSee<Row extends Pick<CampaignRow, 'ownerId' | 'status'>>(
  row: Row | null | undefined,
  auth: AuthInfo | null,
  notFound: string = EVENT_MESSAGES.eventNotFound,
): asserts row is Row {
  if (!row || (!isPubliclyVisible(row.status) && !canView(row, auth))) throw AppError.notFound(notFound);
}

/** Closed, completed and cancelled campaigns are history: nothing about them changes any more. */
export function isFinished(status: CampaignRow['status']): boolean {
  return status === 'close' || status === 'completed' || status === 'cancelled';
}
