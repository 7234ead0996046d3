// The production build started for the bench: demo content, sandbox providers, a fresh data folder.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspectorPort, type Inspector } from './inspector.ts';
import { freePort, startProcess, type Started } from './processes.ts';

export const root = path.resolve(import.meta.dirname, '../..');

/** BENCH_CPU_PROF=<folder>: every app the bench starts writes its CPU profile there when it stops (`scripts/bench/profile-summary.ts` reads it). */
export const profileFlags = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];

export interface StartOptions {
  /** Extra environment (several instances share JWT_SECRET; SEED only on the first). */
  env?: NodeJS.ProcessEnv;
  /** With V8's inspector on a loopback port, so the bench can ask for a full garbage collection. */
  inspect?: boolean;
}

/** The server's memory: RSS from /proc, and V8's heap in use from its Prometheus metrics (undefined while it answers 503). */
export interface Memory {
  rssMb: number;
  heapUsedMb: number | undefined;
}

export interface BenchApp {
  app: Started;
  cleanup(): void;
  memory(): Promise<Memory>;
  /** Only with `inspect`. */
  inspector: Inspector | undefined;
}

export async function startApp(databaseUrl: string | undefined, options: StartOptions = {}): Promise<BenchApp> {
  const metricsToken = randomBytes(24).toString('hex');
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
    METRICS_TOKEN: metricsToken,
    ...options.env,
  };
  const inspection = options.inspect ? await inspectorPort() : undefined;
  const flags = [...profileFlags, ...(inspection ? [inspection.flag] : [])];
  const app = await startProcess([...flags, '--enable-source-maps', 'apps/api/dist/server.js'], env, port, '/api/health', root);
  app.child.stdout?.resume();
  async function heapUsedMb(): Promise<number | undefined> {
    // A full collection just asked for holds the event loop: the overload guard may answer 503 for a moment.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).catch(() => undefined);
      if (response?.ok) {
        const bytes = Number(/^nodejs_heap_size_used_bytes (\d+)/m.exec(await response.text())?.[1]);
        return Number.isFinite(bytes) ? Math.round(bytes / 1048576) : undefined;
      }
      await response?.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return undefined;
  }
  async function memory(): Promise<Memory> {
    const heap = await heapUsedMb();
    return { rssMb: app.rssMb(), heapUsedMb: heap };
  }
  const inspector = await inspection?.connect();
  const cleanup = () => {
    inspector?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, cleanup, memory, inspector };
}
