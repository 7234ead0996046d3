import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromPglite } from 'pg-boss';
import { lockEmbeddedDatabase } from './embedded-lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;
/** A transaction or the database itself: repositories take either. */
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Raw SQL with parameters, for the few places drizzle cannot express (pg-boss, checks). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Raw SQL of a hot path (a pledge, the session check, a rate-limit count) as a prepared
   * statement: PostgreSQL parses and plans it once per connection instead of on every request.
   * For fixed SQL text only (each distinct text is one statement on every pooled connection).
   */
  prepared<T = Record<string, unknown>>(text: string, params: unknown[]): Promise<T[]>;
  /**
   * How the job queue reaches this database: a connection string for PostgreSQL (pg-boss keeps a
   * small pool of its own), or an adapter for PGlite that runs statements without parameters with
   * `exec` (pg-boss sends several statements at once) and the others with `query`.
   */
  jobsConnection: { connectionString: string } | { db: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> }; backend: 'pglite' };
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections, to name what a slow close waits for. */
  poolState?(): { total: number; idle: number; waiting: number };
}

/**
 * node-postgres answers an int8 (a `count(*)`, a sum of cents, a bigint column) as a string, PGlite
 * as a number. PGlite is made to answer as PostgreSQL does, so raw SQL reads alike on both drivers
 * and the suite need not run whole on each (db/driver-parity.test.ts, decision 124).
 */
const PGLITE_PARSERS = { [types.INT8]: (value: string) => value };

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 7_240_411;
const CONNECT_TIMEOUT_MS = 15_000;
/** How the app's connections show in pg_stat_activity (operators, and the fault tests, find them by it). */
export const APPLICATION_NAME = 'pledgeway-api';

/** The database named by DATABASE_URL cannot be reached at start; the message is one sentence. */
export class DatabaseUnreachableError extends Error {}

/** The first connection, with a sentence naming DATABASE_URL instead of a driver stack trace. */
async function connectOrExplain(pool: pg.Pool, url: string, variable = 'DATABASE_URL'): Promise<pg.PoolClient> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([pool.connect(), timeout]);
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnreachableError(`${variable}: cannot connect to the PostgreSQL server at ${describeServer(url)} (${reason}).`);
  } finally {
    clearTimeout(timer);
  }
}

/** Host, port and database of a connection URL, without the password. */
function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'the given address';
  }
}

/**
 * Keeps the pool whole when connections drop. A connection lost while checked out (inside a
 * transaction, between two statements) would raise an unheard 'error' event: its next statement
 * fails instead, and the pool discards it on release. And drizzle-orm's `transaction()` sends BEGIN
 * before its try/finally, so a connection that fails on BEGIN would never be released: after
 * twenty such failures the pool would have no connection left and every request would wait
 * forever. A failed BEGIN, the first statement of a checkout, releases its connection here.
 */
function releaseOnFailedBegin(pool: pg.Pool): void {
  const fresh = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => fresh.add(client));
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = fresh.delete(client as pg.PoolClient);
      const result = query(...args);
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
      if (!first || typeof text !== 'string' || !/^\s*begin\b/i.test(text) || !(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        (client as pg.PoolClient).release(error instanceof Error ? error : true);
        throw error;
      });
    };
  });
}

const statementNames = new Map<string, string>();
/** One name per SQL text: node-postgres refuses a name reused for another text. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `pw_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Several instances may start at once: only one migrates at a time. The advisory lock belongs to a
 * session, so it is taken on a connection of its own to the direct address, never through a
 * transaction pooler, which could hand the unlock to another server connection.
 */
async function migrateUnderLock(directUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: directUrl, max: 1, application_name: APPLICATION_NAME });
  pool.on('error', () => undefined);
  const client = await connectOrExplain(pool, directUrl, 'DATABASE_DIRECT_URL (or DATABASE_URL)');
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
    await pool.end();
  }
}

/** Drops the name of every statement (drizzle's `.prepare()` names some): a pooler that does not keep prepared statements runs them unnamed. */
function sendStatementsUnnamed(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [first, ...rest] = args;
      if (first && typeof first === 'object' && 'name' in first) return query({ ...(first as object), name: undefined }, ...rest);
      return query(...args);
    };
  });
}

export interface OpenDatabaseOptions {
  url: string | undefined;
  /** Session-bound work (the migration lock) goes here; default `url` (decision 198). */
  directUrl?: string;
  /** The query pool's connections; default 20. */
  poolSize?: number;
  /** Named prepared statements; default on. Off, every statement is sent unnamed (a transaction pooler may run it on any server connection). */
  preparedStatements?: boolean;
  pgliteDir: string;
  /**
   * An in-memory PGlite database starts from this dumped data directory instead of an empty
   * one (the API tests' migrated copy, test/global-setup.ts); pending migrations still run.
   */
  pgliteSeed?: Blob;
  /** Tracing on (lib/telemetry.ts): spans for the embedded database's statements. */
  instrumentEmbedded?: (client: PGlite) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url && options.url !== 'memory://') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20, application_name: APPLICATION_NAME });
    // An idle connection the server closed (restart, failover, pg_terminate_backend) is an 'error'
    // event of the pool; unheard, it would end the process. The pool drops that connection and opens
    // a new one on next use, and a query that was running on it fails with a 503 (DATABASE_UNAVAILABLE).
    pool.on('error', () => undefined);
    releaseOnFailedBegin(pool);
    const named = options.preparedStatements ?? true;
    if (!named) sendStatementsUnnamed(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // The pool answers, or start stops with a sentence naming DATABASE_URL.
    (await connectOrExplain(pool, options.url)).release();
    await migrateUnderLock(options.directUrl ?? options.url);
    return {
      db,
      driver: 'postgres',
      async query(text, params) {
        const result = await pool.query(text, params as unknown[]);
        return result.rows;
      },
      async prepared(text, params) {
        const result = await pool.query(named ? { name: statementName(text), text, values: params } : { text, values: params });
        return result.rows;
      },
      // pg-boss's own small pool, on the direct address like every session-bound part (decision 198).
      jobsConnection: { connectionString: options.directUrl ?? options.url },
      close: () => pool.end(),
      poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let client: PGlite;
  let unlock = () => {};
  if (options.url === 'memory://') {
    client = new PGlite({ parsers: PGLITE_PARSERS, ...(options.pgliteSeed ? { loadDataDir: options.pgliteSeed } : {}) });
  } else {
    mkdirSync(options.pgliteDir, { recursive: true });
    unlock = lockEmbeddedDatabase(options.pgliteDir);
    client = new PGlite(options.pgliteDir, { parsers: PGLITE_PARSERS });
  }
  options.instrumentEmbedded?.(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => undefined);
    unlock();
    throw error;
  }
  return {
    db,
    driver: 'pglite',
    async query(text, params) {
      const result = await client.query(text, params as unknown[]);
      return result.rows as never[];
    },
    // One process, one connection: nothing to gain from naming statements.
    async prepared(text, params) {
      const result = await client.query(text, params);
      return result.rows as never[];
    },
    // pg-boss's own PGlite adapter: `exec` for parameterless (multi-statement) SQL, `query` otherwise,
    // and a rollback of any aborted transaction so one failed statement cannot poison the single connection.
    jobsConnection: { db: fromPglite(client), backend: 'pglite' },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
