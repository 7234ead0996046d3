import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { ensureCharities } from '../db/seed.ts';
import type { LoadPageRenderer } from '../lib/ssr.ts';

/**
 * API tests run over real HTTP against a fresh database per test file: in-memory PGlite by
 * default, or a new database on the PostgreSQL server of TEST_DATABASE_URL when
 * API_TEST_DRIVER=postgres (npm test runs the API suite once per driver). Either starts as a copy
 * of one database the run migrated once (test/global-setup.ts).
 */
export interface TestServer {
  app: App;
  url: string;
  config: Config;
  close(): Promise<void>;
}

export const testDriver = process.env.API_TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL: a copy of the run's migrated
 * template (test/global-setup.ts), which the run drops at its end; without one (a harness used
 * outside the API suite's set-up), an empty database the server's close drops.
 */
async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('API_TEST_DRIVER=postgres needs TEST_DATABASE_URL');
  const run = inject('postgresTemplate');
  const name = `${run?.prefix ?? 'pledgeway_test_'}${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(run ? `create database ${name} template ${run.template}` : `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => (run ? undefined : admin(`drop database if exists ${name} with (force)`)) };
}

let seed: Promise<Blob> | undefined;
/** The run's migrated PGlite data directory (test/global-setup.ts), read once per test file. */
function pgliteSeed(): Promise<Blob> | undefined {
  const file = inject('pgliteSeedFile');
  if (!file) return undefined;
  seed ??= readFile(file).then((bytes) => new Blob([bytes]));
  return seed;
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  options: { serveWeb?: boolean; loadPageRenderer?: LoadPageRenderer; logger?: BuildOptions['logger']; tracing?: BuildOptions['tracing'] } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-test-'));
  const database = testDriver === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED: '0' },
    {
      databaseUrl: database?.url ?? 'memory://',
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      authRateLimitPerMinute: 1000,
      // The suites run many servers at once on a few cores: no test sees a 503 for the machine's
      // load (lib/overload.test.ts turns it on with a low limit).
      overloadEventLoopDelayMs: 0,
      port: 0,
      host: '127.0.0.1',
      ...overrides,
    },
  );
  // Without a renderer given, a test's pages are the client-rendered shell (no web build needed).
  const loadPageRenderer = options.loadPageRenderer ?? (async () => undefined);
  const app = await buildApp(config, {
    logger: options.logger ?? { level: 'warn' },
    serveWeb: options.serveWeb ?? false,
    loadPageRenderer,
    pgliteSeed: database ? undefined : await pgliteSeed(),
    tracing: options.tracing,
  });
  await ensureCharities(app.ctx.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const server: TestServer = {
    app,
    url: `http://127.0.0.1:${port}`,
    config,
    async close() {
      runningServers.delete(server.url);
      // A close that takes long says what it is waiting for (a request still running, or a pool
      // connection not given back), so a slow teardown names its cause in the run's output.
      const slow = setTimeout(() => {
        const pool = app.ctx.database.poolState?.();
        app.server.getConnections((_error, open) => {
          process.stderr.write(
            `test server ${server.url} still closing after 15 s; ${open} connection(s) open, now closed; database pool: ${pool ? JSON.stringify(pool) : 'none (PGlite)'}\n`,
          );
          // A client of the test that left a request half-sent keeps its connection busy, and the
          // server's close waits for it; the test is over, so it is ended here.
          app.server.closeAllConnections();
        });
      }, 15_000);
      await app.close().finally(() => clearTimeout(slow));
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  runningServers.set(server.url, server);
  return server;
}

/** The test servers of this file by URL, so a helper given only a URL can read that server's outbox. */
const runningServers = new Map<string, TestServer>();

/** The test server of this file listening at `url`, if it was started by startTestServer. */
export function testServerAt(url: string): TestServer | undefined {
  return runningServers.get(url);
}
