import { eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { newsletterSubscriptions } from './tables.ts';

/** SQL of the newsletter's double opt-in. */
export const newsletterRepository = {
  /** Inserts the address or, while it is unconfirmed, replaces its token (older links stop working). */
  async upsertUnconfirmed(db: Executor, email: string, confirmTokenHash: string) {
    const [row] = await db
      .insert(newsletterSubscriptions)
      .values({ email, confirmTokenHash })
      .onConflictDoUpdate({
        target: newsletterSubscriptions.email,
        set: { confirmTokenHash },
        setWhere: isNull(newsletterSubscriptions.confirmedAt),
      })
      .returning({ confirmedAt: newsletterSubscriptions.confirmedAt, confirmTokenHash: newsletterSubscriptions.confirmTokenHash });
    return row;
  },

  /** True when a subscription had this token and is now confirmed. */
  async confirmByTokenHash(db: Executor, confirmTokenHash: string): Promise<boolean> {
    const rows = await db
      .update(newsletterSubscriptions)
      .set({ confirmedAt: new Date() })
      .where(eq(newsletterSubscriptions.confirmTokenHash, confirmTokenHash))
      .returning({ id: newsletterSubscriptions.id });
    return rows.length > 0;
  },
};
