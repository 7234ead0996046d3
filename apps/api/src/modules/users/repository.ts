import { eq, isNotNull, or } from 'drizzle-orm';
import type { PublicUser } from '@pledgeway/domain';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const DEFAULT_AVATAR = '/images/avatar-default.svg';

export const usersRepository = {
  async findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row;
  },
  async findById(db: Executor, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },
  async insert(db: Executor, values: NewUser): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },
  async update(db: Executor, id: string, values: Partial<NewUser>): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row!;
  },
  /** Disabling also moves the token cut-off, so an access token already issued stops at its next request. */
  async setDisabled(db: Executor, id: string, disabledAt: Date | null): Promise<void> {
    const values = disabledAt ? { disabledAt, tokensValidAfter: disabledAt } : { disabledAt: null };
    await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id));
  },
  async setIdentityStatus(db: Executor, id: string, identityStatus: UserRow['identityStatus']): Promise<void> {
    await db.update(users).set({ identityStatus, updatedAt: new Date() }).where(eq(users.id, id));
  },
  async delete(db: Executor, id: string): Promise<void> {
    await db.delete(users).where(eq(users.id, id));
  },
  /** Users who asked to close (or whose closure date is set): the closure sweep's work list. */
  awaitingClosure(db: Executor): Promise<Array<{ id: string }>> {
    return db
      .select({ id: users.id })
      .from(users)
      .where(or(isNotNull(users.closureRequestedAt), isNotNull(users.closureScheduledAt)));
  },
};

export function toPublicUser(row: UserRow): PublicUser {
  const image = row.image || DEFAULT_AVATAR;
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    occupation: row.occupation,
    company_name: row.companyName,
    description: row.description,
    profile_image: image,
    image,
    role_id: { name: row.role },
    identity_status: row.identityStatus,
    email_confirmed: row.emailConfirmedAt !== null,
  };
}
