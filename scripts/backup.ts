/**
 * npm run backup -- <file> [--snapshot=<id>]: a consistent copy of the database. With DATABASE_URL,
 * `pg_dump` (custom format) while the app runs; otherwise the embedded database in DATA_DIR/pg,
 * while no app has it open (decision 199, docs/operations.md#backups).
 */
import path from 'node:path';
import { backupEmbedded, backupPostgres } from '../apps/api/src/db/backup.ts';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
const snapshot = args.find((arg) => arg.startsWith('--snapshot='))?.slice('--snapshot='.length);
try {
  if (!file) throw new Error('name the file to write: npm run backup -- <file>');
  const url = process.env.DATABASE_URL;
  if (url) await backupPostgres({ url, file, snapshot });
  else await backupEmbedded({ directory: path.join(path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data'), 'pg'), file });
  console.log(`Backed up ${url ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database'} to ${file}`);
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
