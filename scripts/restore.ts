/**
 * npm run restore -- <file>: a backup of `npm run backup` into a new, empty database: the one
 * DATABASE_URL names, or DATA_DIR/pg for the embedded database (decision 199,
 * docs/operations.md#backups). Then check it with `npm run ledger:verify`.
 */
import path from 'node:path';
import { restoreEmbedded, restorePostgres } from '../apps/api/src/db/backup.ts';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
try {
  if (!file) throw new Error('name the backup file: npm run restore -- <file>');
  const url = process.env.DATABASE_URL;
  if (url) await restorePostgres({ url, file });
  else await restoreEmbedded({ directory: path.join(path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data'), 'pg'), file });
  console.log(`Restored ${file} into ${url ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database'}`);
} catch (error) {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
