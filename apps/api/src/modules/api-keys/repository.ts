import { and, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { countHit } from '../../lib/rate-limit/store.ts';
import { apiKeys } from './tables.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;

const COUNT = countHit('$1', '$2');

/** SQL of API keys: a user's keys, and the look-up, count and mark of a key a request sent. */
export const apiKeysRepository = {
  ofUser(db: Executor, userId: string): Promise<ApiKeyRow[]> {
    return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  },

  async insert(db: Executor, values: NewApiKey): Promise<ApiKeyRow> {
    const [row] = await db.insert(apiKeys).values(values).returning();
    return row!;
  },

  async ownedBy(db: Executor, id: string, userId: string): Promise<ApiKeyRow | undefined> {
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
      .limit(1);
    return row;
  },

  async revoke(db: Executor, id: string, at: Date): Promise<ApiKeyRow> {
    const [row] = await db.update(apiKeys).set({ revokedAt: at }).where(eq(apiKeys.id, id)).returning();
    return row!;
  },

  /** The unrevoked key with this hash, and whether its user is disabled. */
  async activeByHash(database: Database, secretHash: string) {
    const [row] = await database.query<{ id: string; user_id: string; scopes: string[]; expires_at: Date | null; disabled: boolean }>(
      `select k.id, k.user_id, k.scopes, k.expires_at, (u.disabled_at is not null) as disabled
         from api_keys k join users u on u.id = k.user_id
        where k.secret_hash = $1 and k.revoked_at is null`,
      [secretHash],
    );
    return row;
  },

  /** Counts one call in the key's window: the calls so far and the time left in the window. */
  async countCall(database: Database, keyId: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
    const [hit] = await database.query<{ hits: number; ttl_ms: number }>(COUNT, [`api-key-${keyId}`, windowMs]);
    return { hits: Number(hit!.hits), ttlMs: Number(hit!.ttl_ms) };
  },

  async markUsed(database: Database, keyId: string, at: Date, ip: string): Promise<void> {
    await database.query('update api_keys set last_used_at = $2, last_used_ip = $3 where id = $1', [keyId, at.toISOString(), ip]);
  },
};
