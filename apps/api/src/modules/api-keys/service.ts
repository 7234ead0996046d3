import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { INTEGRATION_MESSAGES, type ApiKey, type ApiKeyScope } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { countHit } from '../../lib/rate-limit/store.ts';
import { apiKeys } from './tables.ts';

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

type KeyRow = typeof apiKeys.$inferSelect;

export function hashKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function keyView(row: KeyRow): ApiKey {
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

const COUNT = countHit('$1', '$2');

export function createApiKeysService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async list(userId: string): Promise<ApiKey[]> {
      const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
      return rows.map(keyView);
    },

    async create(userId: string, input: { name: string; scopes: ApiKeyScope[]; expires_at: string | null }) {
      const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && expiresAt <= ctx.clock.now()) throw AppError.validation({ expires_at: INTEGRATION_MESSAGES.expiryPast });
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(apiKeys)
        .values({ userId, name: input.name, prefix: secret.slice(0, SHOWN_PREFIX_LENGTH), secretHash: hashKey(secret), scopes: input.scopes, expiresAt })
        .returning();
      return { key: keyView(row!), secret };
    },

    async revoke(userId: string, id: string): Promise<ApiKey> {
      const [existing] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .limit(1);
      if (!existing) throw AppError.notFound(INTEGRATION_MESSAGES.keyNotFound);
      if (existing.revokedAt) return keyView(existing);
      const [row] = await db.update(apiKeys).set({ revokedAt: ctx.clock.now() }).where(eq(apiKeys.id, id)).returning();
      return keyView(row!);
    },
  };
}

/**
 * The caller of a request that sent an API key: null when the key is unknown, revoked, expired or
 * its user is disabled. Counts the call against the key's limit (429 past it) and records when and
 * from where it was last used.
 */
export async function authenticateKey(ctx: AppContext, database: Database, secret: string, ip: string): Promise<KeyCaller | null> {
  const [row] = await database.query<{ id: string; user_id: string; scopes: string[]; expires_at: Date | null; disabled: boolean }>(
    `select k.id, k.user_id, k.scopes, k.expires_at, (u.disabled_at is not null) as disabled
       from api_keys k join users u on u.id = k.user_id
      where k.secret_hash = $1 and k.revoked_at is null`,
    [hashKey(secret)],
  );
  if (!row || row.disabled) return null;
  const now = ctx.clock.now();
  if (row.expires_at && new Date(row.expires_at) <= now) return null;
  const [hit] = await database.query<{ hits: number; ttl_ms: number }>(COUNT, [`api-key-${row.id}`, WINDOW_MS]);
  if (Number(hit!.hits) > API_KEY_CALLS_PER_MINUTE) throw AppError.rateLimited(Number(hit!.ttl_ms));
  await database.query('update api_keys set last_used_at = $2, last_used_ip = $3 where id = $1', [row.id, now.toISOString(), ip]);
  return { keyId: row.id, userId: row.user_id, scopes: row.scopes as ApiKeyScope[] };
}
