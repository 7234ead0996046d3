import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { contactRecords } from '../../contact/index.ts';
import { recordAdminAction } from '../../audit/index.ts';
import { toCsv } from '../../../lib/csv.ts';
import { adminMessagesRepository as repo } from './repository.ts';

export function createAdminMessagesService(ctx: AppContext) {
  const { database, db } = ctx;
  return {
    async messages(state: 'all' | 'open' | 'handled', page: number, perPage: number) {
      return { ...(await repo.messages(database, state, page, perPage)), page, per_page: perPage };
    },

    async setHandled(actorId: string, messageId: string, handled: boolean) {
      await db.transaction(async (tx) => {
        const before = await repo.findForUpdate(tx, messageId);
        if (!before) throw AppError.notFound('Message not found');
        const after = await contactRecords.setHandled(tx, messageId, handled ? (before.handledAt ?? new Date()) : null);
        await recordAdminAction(tx, actorId, {
          action: handled ? 'contact_message.handle' : 'contact_message.reopen',
          targetType: 'contact_message',
          targetId: messageId,
          before: { handled_at: before.handledAt?.toISOString() ?? null },
          after: { handled_at: after.handledAt?.toISOString() ?? null },
        });
      });
      return (await repo.find(database, messageId))!;
    },

    async messagesCsv(state: 'all' | 'open' | 'handled') {
      const { items } = await repo.messages(database, state, 1, null);
      return toCsv(
        ['received', 'form', 'name', 'email', 'phone', 'event', 'message', 'handled'],
        items.map((row) => [row.created_at, row.tab, row.name, row.email, row.phone, row.event_name, row.message, row.handled_at ?? '']),
      );
    },

    async subscribers(page: number, perPage: number) {
      return { ...(await repo.subscribers(database, page, perPage)), page, per_page: perPage };
    },

    async subscribersCsv() {
      const { items } = await repo.subscribers(database, 1, null);
      return toCsv(
        ['email', 'subscribed', 'confirmed'],
        items.map((row) => [row.email, row.created_at, row.confirmed_at ?? '']),
      );
    },
  };
}
