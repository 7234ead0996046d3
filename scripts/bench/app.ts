// The production build started for the bench: demo content, sandbox providers, a fresh data folder.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startProcess, type Started } from './processes.ts';

export const root = path.resolve(import.meta.dirname, '../..');

export interface StartOptions {
  /** Extra environment (several instances share JWT_SECRET; SEED only on the first). */
  env?: NodeJS.ProcessEnv;
  /** Node flags before the entry (`--cpu-prof`). */
  nodeFlags?: string[];
}

export async function startApp(databaseUrl: string | undefined, options: StartOptions = {}): Promise<{ app: Started; cleanup(): void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED: '1',
    // The default log level: the hot public routes must not pay for request logging.
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
    ALLOW_SANDBOX_PAYMENTS: '1',
    ALLOW_OUTBOX_EMAIL: '1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl ?? '',
    ...options.env,
  };
  const app = await startProcess([...(options.nodeFlags ?? []), '--enable-source-maps', 'apps/api/dist/server.js'], env, port, '/api/health', root);
  app.child.stdout?.resume();
  return { app, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}
