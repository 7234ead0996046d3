import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { lockEmbeddedDatabase } from './embedded-lock.ts';

/**
 * `npm run backup` and `npm run restore` (decision 199). PostgreSQL: `pg_dump`'s custom format, one
 * consistent snapshot taken while the app keeps writing, and `pg_restore` into an empty database.
 * The embedded database: PGlite's own copy of its data directory, taken under the directory's lock,
 * so while no app has it open: a copy of files under a running PGlite would not be consistent.
 */
const run = promisify(execFile);

export interface PostgresBackupOptions {
  url: string;
  file: string;
  /** A snapshot exported by another session (`pg_export_snapshot()`): the copy is of that very moment. */
  snapshot?: string;
}

export async function backupPostgres({ url, file, snapshot }: PostgresBackupOptions): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${file}`, ...(snapshot ? [`--snapshot=${snapshot}`] : []), `--dbname=${url}`]);
}

/** Into an empty database only: restoring over a live one would mix two histories of the books. */
export async function restorePostgres({ url, file }: { url: string; file: string }): Promise<void> {
  const { stdout } = await run('psql', [
    '--no-psqlrc',
    '--tuples-only',
    '--no-align',
    `--dbname=${url}`,
    '--command',
    "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
  ]);
  if (Number(stdout.trim()) > 0) throw new Error('the target database is not empty: create a new database and restore into it');
  await run('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file]);
}

export async function backupEmbedded({ directory, file }: { directory: string; file: string }): Promise<void> {
  if (!existsSync(directory)) throw new Error(`there is no embedded database in ${directory}`);
  const unlock = lockEmbeddedDatabase(directory);
  const database = new PGlite(directory);
  try {
    const copy = await database.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await copy.arrayBuffer()));
  } finally {
    await database.close();
    unlock();
  }
}

/** Into a directory that holds no database yet. */
export async function restoreEmbedded({ directory, file }: { directory: string; file: string }): Promise<void> {
  if (existsSync(directory) && readdirSync(directory).length) throw new Error(`${directory} is not empty: restore into a new DATA_DIR`);
  mkdirSync(path.dirname(directory), { recursive: true });
  const unlock = lockEmbeddedDatabase(directory);
  try {
    const database = new PGlite(directory, { loadDataDir: new Blob([await readFile(file)]) });
    await database.waitReady;
    await database.close();
  } finally {
    unlock();
  }
}
