import { ADMIN_MESSAGES, type AdminUsersQuery } from '@pledgeway/domain/schemas/admin';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { refreshTokenStore } from '../../auth/index.ts';
import { usersService } from '../../users/index.ts';
import { recordAdminAction } from '../../audit/index.ts';
import { adminCampaignsRepository } from '../campaigns/repository.ts';
import { adminPeopleRepository as repo } from './repository.ts';

export function createAdminPeopleService(ctx: AppContext) {
  const { database, db } = ctx;

  async function found(userId: string) {
    const user = await repo.find(database, userId);
    if (!user) throw AppError.notFound('User not found');
    return user;
  }

  return {
    async list(query: AdminUsersQuery) {
      const { items, total } = await repo.list(database, query);
      return { items, total, page: query.page, per_page: query.per_page };
    },

    async detail(userId: string) {
      const user = await found(userId);
      const [campaigns, pledges] = await Promise.all([
        adminCampaignsRepository.listByOwner(database, userId),
        adminCampaignsRepository.pledgesOfUser(database, userId),
      ]);
      return { user, campaigns, pledges };
    },

    /** The account cannot log in, and every session ends at once: refresh tokens revoked, access tokens refused. */
    async disable(actorId: string, userId: string, reason: string) {
      if (actorId === userId) throw AppError.conflict('CANNOT_DISABLE_SELF', ADMIN_MESSAGES.cannotDisableSelf);
      await db.transaction(async (tx) => {
        const before = await repo.findForUpdate(tx, userId);
        if (!before) throw AppError.notFound('User not found');
        const now = new Date();
        await usersService.setDisabled(tx, userId, now);
        await refreshTokenStore.revokeAllForUser(tx, userId);
        await recordAdminAction(tx, actorId, {
          action: 'user.disable',
          targetType: 'user',
          targetId: userId,
          reason,
          before: { disabled_at: before.disabledAt?.toISOString() ?? null },
          after: { disabled_at: now.toISOString() },
        });
      });
      return found(userId);
    },

    async enable(actorId: string, userId: string, reason: string) {
      await db.transaction(async (tx) => {
        const before = await repo.findForUpdate(tx, userId);
        if (!before) throw AppError.notFound('User not found');
        await usersService.setDisabled(tx, userId, null);
        await recordAdminAction(tx, actorId, {
          action: 'user.enable',
          targetType: 'user',
          targetId: userId,
          reason,
          before: { disabled_at: before.disabledAt?.toISOString() ?? null },
          after: { disabled_at: null },
        });
      });
      return found(userId);
    },
  };
}
