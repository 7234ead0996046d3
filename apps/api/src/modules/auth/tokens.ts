import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface AccessClaims {
  sub: string;
  role: 'user' | 'admin';
}

export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ role: claims.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    async verify(token: string): Promise<AccessClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return undefined;
        return { sub: payload.sub, role: payload.role === 'admin' ? 'admin' : 'user' };
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Opaque refresh tokens, rotated on every use. Presenting a token that was already used means it
 * leaked: the whole family (every descendant of that sign-in) is revoked.
 */
export const refreshTokenStore = {
  async issue(db: Db, userId: string, familyId: string = randomUUID()): Promise<string> {
    const { token, hash } = newOpaqueToken();
    await db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    return token;
  },

  async rotate(db: Db, token: string): Promise<{ userId: string; token: string }> {
    const hash = hashToken(token);
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).for('update').limit(1);
      if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now()) {
        throw AppError.unauthenticated('Your session has expired. Please log in again.');
      }
      if (row.usedAt) return { reusedFamilyId: row.familyId } as const;
      await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
      const next = newOpaqueToken();
      await tx.insert(refreshTokens).values({
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: next.hash,
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
      });
      return { userId: row.userId, token: next.token };
    });
    if ('reusedFamilyId' in outcome && outcome.reusedFamilyId) {
      await db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, outcome.reusedFamilyId));
      throw new AppError('REFRESH_TOKEN_REUSED', 'Your session has expired. Please log in again.', 401);
    }
    return outcome as { userId: string; token: string };
  },

  async revokeFamilyOf(db: Db, token: string): Promise<void> {
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .limit(1);
    if (row) await db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, row.familyId));
  },

  async revokeAllForUser(db: Db, userId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  },
};
