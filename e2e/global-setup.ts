import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverStartArgs } from '../scripts/build-state.mjs';

/** Environment variable through which the tests learn the server's address. */
export const BASE_URL_ENV = 'PLEDGEWAY_E2E_BASE_URL';

const repoRoot = path.resolve(import.meta.dirname, '..');
// WEB_DIST_DIR points the run at another build (e.g. one private to a developer's run).
const webDist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'));
const STARTUP_TIMEOUT_MS = 120_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

async function waitForHealth(baseURL: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer GET /api/health within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Starts the real server (production mode, a fresh embedded database with the demo content)
 * serving the built web app, and returns the teardown that stops it. The server is the built bundle
 * when that is current (`npm run test:e2e` and CI build first), else the sources through tsx.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} has no index.html: build the web app first with \`npm run build -w apps/web\` (npm run test:e2e does).`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, serverStartArgs(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // A local demo: production refuses the sandbox providers without these opt-ins.
      ALLOW_SANDBOX_PAYMENTS: '1',
      ALLOW_OUTBOX_EMAIL: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SEED: '1',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Two browsers and this server share the machine's cores: a test must not meet the overload
      // guard's 503 for the machine's load (lib/overload.test.ts covers the guard; decision 106).
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });

  try {
    await waitForHealth(baseURL, server, () => log);
  } catch (error) {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env[BASE_URL_ENV] = baseURL;

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
