import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResetTokens } from './tables.ts';

/** SQL of password-reset links: stored as hashes, each usable once until it expires. */
export const passwordResetRepository = {
  async insert(db: Executor, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  },

  /** Marks every unused link of the user used (for an id that matches no user, nothing). */
  async retireUnused(db: Executor, userId: string): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  },

  /** Marks the link used if it is unused and unexpired, in one statement: two claims cannot both win. */
  async claim(db: Executor, tokenHash: string) {
    const [claimed] = await db
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
      .returning();
    return claimed;
  },

  async deleteAllOf(db: Executor, userId: string): Promise<void> {
    await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  },
};
