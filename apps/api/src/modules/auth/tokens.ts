import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { refreshTokens } from './tables.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface AccessClaims {
  sub: string;
  role: 'user' | 'admin';
  /** The session (refresh-token family) the token belongs to: logging out of it revokes the token. */
  sid: string;
}

/** What verification of the signature and expiry yields; the session check against the database follows. */
export interface VerifiedAccessToken extends AccessClaims {
  /** Issued at, seconds since the epoch. */
  iat: number;
}

/** Verified tokens remembered (each until its expiry): a browser sends the same one for 15 minutes. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string) {
  // Imported once: given the raw bytes, jose would import the key again for every token.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  /**
   * A signature checked once stays valid: the token's bytes cannot change. Only the expiry is
   * checked again (as jose does: expired from its `exp` second on). Whether the session is still
   * live is the database's answer on every request (`liveSessionRoleReader`), never cached.
   */
  const verified = new Map<string, { claims: VerifiedAccessToken; exp: number }>();
  function remembered(token: string): VerifiedAccessToken | undefined {
    const hit = verified.get(token);
    if (!hit) return undefined;
    if (hit.exp > Math.floor(Date.now() / 1000)) return hit.claims;
    verified.delete(token);
    return undefined;
  }
  function remember(token: string, claims: VerifiedAccessToken, exp: number) {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, exp });
  }
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(await key);
    },
    async verify(token: string): Promise<VerifiedAccessToken | undefined> {
      const known = remembered(token);
      if (known) return known;
      try {
        // A token without an expiry would live for ever: `exp` (and `iat`, `sub`, our `sid`) are required.
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.iat !== 'number') return undefined;
        if (!UUID.test(payload.sub) || !UUID.test(payload.sid)) return undefined;
        const claims: VerifiedAccessToken = { sub: payload.sub, sid: payload.sid, iat: payload.iat, role: payload.role === 'admin' ? 'admin' : 'user' };
        remember(token, claims, payload.exp!);
        return claims;
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
  async issue(db: Db, userId: string, familyId: string = randomUUID()): Promise<{ token: string; familyId: string }> {
    const { token, hash } = newOpaqueToken();
    await db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    return { token, familyId };
  },

  async rotate(db: Db, token: string): Promise<{ userId: string; familyId: string; token: string }> {
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
      return { userId: row.userId, familyId: row.familyId, token: next.token };
    });
    if ('reusedFamilyId' in outcome && outcome.reusedFamilyId) {
      await db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, outcome.reusedFamilyId));
      throw new AppError('REFRESH_TOKEN_REUSED', 'Your session has expired. Please log in again.', 401);
    }
    return outcome as { userId: string; familyId: string; token: string };
  },

  async revokeFamilyOf(db: Db, token: string): Promise<void> {
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .limit(1);
    if (row) await db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, row.familyId));
  },

  async revokeFamily(db: Executor, familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  },

  async deleteAllForUser(db: Executor, userId: string): Promise<void> {
    await db.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  },

  async revokeAllForUser(db: Executor, userId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  },
};

/**
 * The access token is only as good as its account and its session: in one indexed query (users by
 * primary key, refresh tokens by family) the user must exist, not be disabled, not have had every
 * token invalidated since this one was issued, and the token's session must not be revoked.
 * These are the user row's columns that answer it, to select with the user; `sessionId` is the
 * token's `sid` (a placeholder in a prepared query). A route that reads the user row anyway selects
 * them in its own read (`config.sessionCheckedByRoute`) instead of the auth plugin's query.
 */
export function sessionColumns(sessionId: Placeholder) {
  return {
    role: users.role,
    disabledAt: users.disabledAt,
    tokensValidAfter: users.tokensValidAfter,
    sessionLive: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sessionId}::uuid and ${refreshTokens.revokedAt} is null)`,
  };
}

export interface SessionRow {
  role: 'user' | 'admin';
  disabledAt: Date | null;
  tokensValidAfter: Date | null;
  sessionLive: boolean;
}

/** The role the token acts with, from the database's row; undefined when the session is not live. */
export function liveRole(row: SessionRow | undefined, token: VerifiedAccessToken): 'user' | 'admin' | undefined {
  if (!row || row.disabledAt || !row.sessionLive) return undefined;
  // `iat` has one-second precision: a token of the very second of the cut-off is refused by its revoked session instead.
  if (row.tokensValidAfter && token.iat < Math.floor(row.tokensValidAfter.getTime() / 1000)) return undefined;
  return row.role;
}

/**
 * The session check of every signed-in request (`sessionColumns`): returns the role from the
 * database, so a changed role takes effect at once. Prepared once per database.
 */
export function liveSessionRoleReader(db: Db): (token: VerifiedAccessToken) => Promise<'user' | 'admin' | undefined> {
  const query = db
    .select(sessionColumns(sql.placeholder('sessionId')))
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('live_session_role');
  return async (token) => liveRole((await query.execute({ userId: token.sub, sessionId: token.sid }))[0], token);
}
