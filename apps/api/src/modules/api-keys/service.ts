import { createHash, randomBytes } from 'node:crypto';
import { INTEGRATION_MESSAGES, type ApiKey, type ApiKeyScope } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { apiKeysRepository as repo, type ApiKeyRow } from './repository.ts';

/**
 * Personal API keys (decision 148). A key is `pw_key_` and 32 random bytes; only its SHA-256 is
 * stored (the key is random and long, so a slow password hash adds nothing), and its first 14
 * characters name it in lists. A key acts for its user with its scopes only, never as an admin.
 */
export const API_KEY_PREFIX = 'pw_key_';
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** Calls per key per minute, counted in the database so every instance counts together. */
export const API_KEY_CALLS_PER_MINUTE = 120;
const WINDOW_MS = 60_000;

export function hashKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function keyView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
    created_at: row.createdAt.toISOString(),
  };
}

export interface KeyCaller {
  keyId: string;
  userId: string;
  scopes: ApiKeyScope[];
}

export function createApiKeysService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async list(userId: string): Promise<ApiKey[]> {
      const rows = await repo.ofUser(db, userId);
      return rows.map(keyView);
    },

    async create(userId: string, input: { name: string; scopes: ApiKeyScope[]; expires_at: string | null }) {
      const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && expiresAt <= ctx.clock.now()) throw AppError.validation({ expires_at: INTEGRATION_MESSAGES.expiryPast });
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await repo.insert(db, {
        userId,
        name: input.name,
        prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
        secretHash: hashKey(secret),
        scopes: input.scopes,
        expiresAt,
      });
      return { key: keyView(row), secret };
    },

    async revoke(userId: string, id: string): Promise<ApiKey> {
      const existing = await repo.ownedBy(db, id, userId);
      if (!existing) throw AppError.notFound(INTEGRATION_MESSAGES.keyNotFound);
      if (existing.revokedAt) return keyView(existing);
      return keyView(await repo.revoke(db, id, ctx.clock.now()));
    },
  };
}

/**
 * The caller of a request that sent an API key: null when the key is unknown, revoked, expired or
 * its user is disabled. Counts the call against the key's limit (429 past it) and records when and
 * from where it was last used.
 */
export async function authenticateKey(ctx: AppContext, database: Database, secret: string, ip: string): Promise<KeyCaller | null> {
  const row = await repo.activeByHash(database, hashKey(secret));
  if (!row || row.disabled) return null;
  const now = ctx.clock.now();
  if (row.expires_at && new Date(row.expires_at) <= now) return null;
  const hit = await repo.countCall(database, row.id, WINDOW_MS);
  if (hit.hits > API_KEY_CALLS_PER_MINUTE) throw AppError.rateLimited(hit.ttlMs);
  await repo.markUsed(database, row.id, now, ip);
  return { keyId: row.id, userId: row.user_id, scopes: row.scopes as ApiKeyScope[] };
}
