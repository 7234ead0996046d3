import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * One process at a time on an embedded database directory. PGlite takes no lock of its own: a
 * second process opening the same directory (a second `npm start` whose port was taken) tears the
 * first one's files, and the next start fails with `Aborted()` and every campaign and pledge in it
 * lost (decision 128). Like PostgreSQL's postmaster.pid, a file beside the directory holds the
 * owner's process id; a file whose process is gone (a crash, a kill -9) is taken over.
 */
export class EmbeddedDatabaseInUseError extends Error {
  constructor(directory: string, pid: number) {
    super(
      `The embedded database in ${directory} is in use by process ${pid}. Two processes writing one embedded database ` +
        'damage it: stop that process first, or start this one with its own DATA_DIR (or DATABASE_URL for a shared PostgreSQL).',
    );
    this.name = 'EmbeddedDatabaseInUseError';
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the directory's lock or throws EmbeddedDatabaseInUseError; the returned function releases it. */
export function lockEmbeddedDatabase(directory: string): () => void {
  const lockFile = `${directory}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      // 'wx' creates the file only if it does not exist: of two processes starting at once, one wins.
      const descriptor = openSync(lockFile, 'wx');
      writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      const release = () => {
        process.off('exit', release);
        if (holderOf(lockFile) === process.pid) rmSync(lockFile, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(lockFile);
      // This very process counts too: two PGlite instances on one directory damage it as well.
      if (holder !== undefined && processIsAlive(holder)) throw new EmbeddedDatabaseInUseError(directory, holder);
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${directory}`);
}
