import { eq } from 'drizzle-orm';
import type { AdminContactMessage, AdminSubscriber } from '@pledgeway/domain/schemas/admin';
import type { Database, Executor } from '../../../db/client.ts';
import { contactMessages } from '../../../db/schema.ts';
import { iso, isoOrNull, num, offsetOf } from '../../../lib/raw-rows.ts';

type MessageState = 'all' | 'open' | 'handled';

const STATE_WHERE: Record<MessageState, string> = {
  all: '',
  open: 'where handled_at is null',
  handled: 'where handled_at is not null',
};

function toMessage(row: Record<string, unknown>): AdminContactMessage {
  return {
    _id: String(row.id),
    tab: row.tab as AdminContactMessage['tab'],
    name: String(row.name),
    email: String(row.email),
    phone: String(row.phone),
    event_name: String(row.event_name),
    message: String(row.message),
    handled_at: isoOrNull(row.handled_at),
    created_at: iso(row.created_at),
  };
}

function toSubscriber(row: Record<string, unknown>): AdminSubscriber {
  return { _id: String(row.id), email: String(row.email), confirmed_at: isoOrNull(row.confirmed_at), created_at: iso(row.created_at) };
}

export const adminMessagesRepository = {
  async messages(database: Database, state: MessageState, page: number, perPage: number | null) {
    const limit = perPage === null ? '' : `limit ${perPage} offset ${offsetOf(page, perPage)}`;
    const [rows, totals] = await Promise.all([
      database.query(`select * from contact_messages ${STATE_WHERE[state]} order by created_at desc, id ${limit}`),
      database.query<{ n: unknown }>(`select count(*) as n from contact_messages ${STATE_WHERE[state]}`),
    ]);
    return { items: rows.map(toMessage), total: num(totals[0]?.n) };
  },
  async findForUpdate(db: Executor, id: string) {
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update').limit(1);
    return row;
  },
  async find(database: Database, id: string) {
    const [row] = await database.query('select * from contact_messages where id = $1', [id]);
    return row ? toMessage(row) : undefined;
  },
  async subscribers(database: Database, page: number, perPage: number | null) {
    const limit = perPage === null ? '' : `limit ${perPage} offset ${offsetOf(page, perPage)}`;
    const [rows, totals] = await Promise.all([
      database.query(`select id, email, confirmed_at, created_at from newsletter_subscriptions order by created_at desc, id ${limit}`),
      database.query<{ n: unknown }>('select count(*) as n from newsletter_subscriptions'),
    ]);
    return { items: rows.map(toSubscriber), total: num(totals[0]?.n) };
  },
};
