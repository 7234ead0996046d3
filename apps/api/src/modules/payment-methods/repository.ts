import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { kindHasCard, paymentMethodLabel, type PaymentMethodResponse } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { paymentMethods, pledges, users } from '../../db/schema.ts';
import { paymentCustomers } from './tables.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export function toPaymentMethodResponse(row: PaymentMethodRow): PaymentMethodResponse {
  return {
    id: row.id,
    kind: row.kind,
    label: paymentMethodLabel(row),
    card: kindHasCard(row.kind) ? { brand: row.brand, last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear } : null,
    detail: row.detail,
    billing_details: { name: row.holderName },
    is_default: row.isDefault,
  };
}

const active = (userId: string) => and(eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt));

export const paymentMethodsRepository = {
  async customerRef(db: Executor, userId: string, provider: string): Promise<string | undefined> {
    const [row] = await db
      .select()
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
      .limit(1);
    return row?.customerRef;
  },
  /** Keeps the first customer when two requests race. */
  async saveCustomerRef(db: Executor, userId: string, provider: string, customerRef: string): Promise<string> {
    await db.insert(paymentCustomers).values({ userId, provider, customerRef }).onConflictDoNothing();
    return (await this.customerRef(db, userId, provider))!;
  },
  /**
   * Serialises every card change of one user: the user's row (so two first cards cannot race) and
   * then their active cards, locked until the transaction ends. Returns the active cards.
   */
  async lockCards(tx: Executor, userId: string): Promise<PaymentMethodRow[]> {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    return tx.select().from(paymentMethods).where(active(userId)).orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt)).for('update');
  },
  /** The account is closing: its cards are unlinked from it and no longer offered. */
  async releaseAllOf(db: Executor, userId: string): Promise<void> {
    await db.update(paymentMethods).set({ userId: null, removedAt: new Date(), isDefault: false }).where(eq(paymentMethods.userId, userId));
  },
  listActive(db: Executor, userId: string): Promise<PaymentMethodRow[]> {
    return db.select().from(paymentMethods).where(active(userId)).orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt));
  },
  async findActive(db: Executor, userId: string, id: string): Promise<PaymentMethodRow | undefined> {
    const [row] = await db
      .select()
      .from(paymentMethods)
      .where(and(active(userId), eq(paymentMethods.id, id)))
      .limit(1);
    return row;
  },
  async insert(db: Executor, values: typeof paymentMethods.$inferInsert): Promise<PaymentMethodRow> {
    const [row] = await db.insert(paymentMethods).values(values).returning();
    return row!;
  },
  async makeDefault(db: Executor, userId: string, id: string): Promise<void> {
    await db
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(active(userId), ne(paymentMethods.id, id)));
    await db
      .update(paymentMethods)
      .set({ isDefault: true })
      .where(and(active(userId), eq(paymentMethods.id, id)));
  },
  async markRemoved(db: Executor, id: string): Promise<void> {
    await db.update(paymentMethods).set({ removedAt: new Date(), isDefault: false }).where(eq(paymentMethods.id, id));
  },
  /** Pledges still waiting to be charged on this card. */
  async openPledgeIds(db: Executor, paymentMethodId: string): Promise<string[]> {
    const rows = await db
      .select({ id: pledges.id })
      .from(pledges)
      .where(and(eq(pledges.paymentMethodId, paymentMethodId), inArray(pledges.status, ['pending', 'failed'])))
      .for('update');
    return rows.map((row) => row.id);
  },
};
