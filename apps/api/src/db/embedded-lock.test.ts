import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { EmbeddedDatabaseInUseError } from './embedded-lock.ts';

const directories: string[] = [];
function embeddedDirectory(): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'pledgeway-lock-'));
  directories.push(directory);
  return path.join(directory, 'pg');
}
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A process that stays alive and holds the lock file, as a running server would. */
async function otherProcessHolding(lockFile: string) {
  const child = spawn(process.execPath, [
    '-e',
    `require('fs').writeFileSync(${JSON.stringify(lockFile)}, String(process.pid)); console.log('held'); setInterval(() => {}, 1000);`,
  ]);
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return child;
}

describe('the embedded database directory is used by one process at a time', () => {
  it('refuses a second opening while the first is open, and keeps the first one working', async () => {
    const pgliteDir = embeddedDirectory();
    const first = await openDatabase({ url: undefined, pgliteDir });
    await first.query('create table kept (id int)');
    await first.query('insert into kept values (1)');
    await expect(openDatabase({ url: undefined, pgliteDir })).rejects.toThrow(EmbeddedDatabaseInUseError);
    await expect(openDatabase({ url: undefined, pgliteDir })).rejects.toThrow(`is in use by process ${process.pid}`);
    expect(await first.query('select id from kept')).toEqual([{ id: 1 }]);
    await first.close();
    expect(existsSync(`${pgliteDir}.lock`)).toBe(false);

    const reopened = await openDatabase({ url: undefined, pgliteDir });
    expect(await reopened.query('select id from kept')).toEqual([{ id: 1 }]);
    await reopened.close();
  });

  it('refuses while another live process holds it, and takes over once that process is gone', async () => {
    const pgliteDir = embeddedDirectory();
    await (await openDatabase({ url: undefined, pgliteDir })).close();
    const holder = await otherProcessHolding(`${pgliteDir}.lock`);
    try {
      await expect(openDatabase({ url: undefined, pgliteDir })).rejects.toThrow(`is in use by process ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // A crashed holder (kill -9) leaves its file behind: it is stale, and taken over.
    expect(existsSync(`${pgliteDir}.lock`)).toBe(true);
    const database = await openDatabase({ url: undefined, pgliteDir });
    expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
    await database.close();
  });

  it('takes over a lock file naming no process', async () => {
    const pgliteDir = embeddedDirectory();
    writeFileSync(`${pgliteDir}.lock`, '');
    const database = await openDatabase({ url: undefined, pgliteDir });
    await database.close();
  });
});
