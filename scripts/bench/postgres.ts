// PostgreSQL for the bench: fresh databases on the given server, and pgbench's write ceiling.
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import pg from 'pg';

export async function createDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** pgbench's default TPC-B-like script, 8 clients, on the same PostgreSQL server (docs/architecture.md#budgets). */
export async function pgbenchTps(serverUrl: string, seconds: number): Promise<{ tps: number } | undefined> {
  const database = await createDatabase(serverUrl, 'pledgeway_pgbench');
  try {
    const init = spawnSync('pgbench', ['-i', '-q', '-s', '8', database.url], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(init.stderr || 'pgbench -i failed');
    const run = spawnSync('pgbench', ['-c', '8', '-j', '2', '-T', String(seconds), database.url], { encoding: 'utf8' });
    const tps = Number(/tps = ([\d.]+)/.exec(run.stdout)?.[1]);
    return Number.isFinite(tps) ? { tps } : undefined;
  } catch {
    return undefined;
  } finally {
    await database.drop();
  }
}
