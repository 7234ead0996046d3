import type { Actor } from '@pledgeway/domain';
import type { AuthInfo } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { EventRow } from './read-model.ts';

export const NOT_YOURS = 'Only the creator of this campaign or an admin can change it';

/** Owner or admin only (docs/product.md#10-chosen-readings: a missing ownership check would be a defect). */
export function assertCanManage(row: Pick<EventRow, 'ownerId'>, auth: AuthInfo | null): Actor {
  if (!auth) throw AppError.unauthenticated();
  if (auth.role === 'admin') return 'admin';
  if (row.ownerId !== auth.userId) throw AppError.forbidden(NOT_YOURS);
  return 'owner';
}

export function canView(row: Pick<EventRow, 'ownerId'>, auth: AuthInfo | null): boolean {
  return Boolean(auth && (auth.role === 'admin' || auth.userId === row.ownerId));
}

/** Closed, completed and cancelled campaigns are history: nothing about them changes any more. */
export function isFinished(status: EventRow['status']): boolean {
  return status === 'close' || status === 'completed' || status === 'cancelled';
}
