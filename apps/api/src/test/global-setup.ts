import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../db/client.ts';
import { createJobs } from '../lib/jobs/index.ts';

/**
 * Once per run of the API suite (vitest globalSetup): one migrated database that every test
 * file's fresh database is copied from, instead of each file running every migration itself
 * (docs/decisions/100-api-tests-from-a-migrated-template.md).
 * - PGlite: a migrated in-memory database's data directory, dumped to a file; each file's
 *   database starts from it (PGlite's `loadDataDir`), which also skips PGlite's own initdb.
 * - PostgreSQL: a template database; each file's is `CREATE DATABASE … TEMPLATE` it. The run's
 *   databases are dropped here at the end, all at once: DROP DATABASE waits for a checkpoint of the
 *   whole server, which on a loaded machine took longer than a test file's hook may wait.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The dumped data directory of a migrated PGlite database (PGlite driver). */
    pgliteSeedFile: string;
    /** The migrated template database, and the prefix of every database this run creates (PostgreSQL driver). */
    postgresTemplate: { template: string; prefix: string };
  }
}

/** pg-boss's schema too, so a file whose test queues a job does not create it. */
async function prepare(database: Database): Promise<void> {
  const jobs = createJobs({ connection: database.jobsConnection, workers: false, log: silentLog });
  await jobs.drain();
  await jobs.stop();
}

const silentLog = { error: () => undefined, warn: () => undefined } as unknown as Parameters<typeof createJobs>[0]['log'];

async function preparePglite(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'pledgeway-test-seed-'));
  const dataDir = path.join(folder, 'pg');
  const database = await openDatabase({ url: undefined, pgliteDir: dataDir });
  await prepare(database);
  await database.close();
  const migrated = new PGlite(dataDir);
  const dump = await migrated.dumpDataDir('none');
  await migrated.close();
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSeedFile', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

const DROPS_AT_ONCE = 8;

async function preparePostgres(project: TestProject, base: string): Promise<() => Promise<void>> {
  const prefix = `pledgeway_test_${randomUUID().replaceAll('-', '').slice(0, 8)}_`;
  const template = `${prefix}template`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      return (await client.query<{ datname: string }>(text)).rows;
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${template}`);
  const url = new URL(base);
  url.pathname = `/${template}`;
  const database = await openDatabase({ url: url.toString(), pgliteDir: '' });
  await prepare(database);
  await database.close();
  project.provide('postgresTemplate', { template, prefix });
  return async () => {
    const created = await admin(`select datname from pg_database where datname like '${prefix}%' and datname <> '${template}'`);
    // Drops requested together share the server's checkpoints instead of waiting for one each;
    // a few at a time, as the server's connections are shared.
    for (let start = 0; start < created.length; start += DROPS_AT_ONCE) {
      const batch = created.slice(start, start + DROPS_AT_ONCE);
      await Promise.all(batch.map(({ datname }) => admin(`drop database if exists ${datname} with (force)`)));
    }
    await admin(`drop database if exists ${template} with (force)`);
  };
}

export default async function setup(project: TestProject) {
  if (process.env.API_TEST_DRIVER === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('API_TEST_DRIVER=postgres needs TEST_DATABASE_URL');
    return preparePostgres(project, base);
  }
  return preparePglite(project);
}
