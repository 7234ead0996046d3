import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { serverStartArgs } from '../../../../scripts/build-state.mjs';
import { signUp } from '../test/client.ts';

/**
 * The app as its own process, in development mode as `npm run dev` starts it (workers and schedules
 * on), so a test can SIGKILL it or run two of them on one database. It runs the built bundle when
 * that is current, as on CI, else the sources through tsx (scripts/build-state.mjs).
 */
export interface ChildApp {
  url: string;
  process: ChildProcess;
  /** What the process printed, for a failing test's message. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, no buffer is flushed. */
  kill(): Promise<void>;
  /** SIGTERM, as a deployment stops it, and waits for the exit. */
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../../../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Decided once per test file: the build does not change while the tests run. */
const startArgs = serverStartArgs();

export async function startChildApp(options: { dataDir: string; databaseUrl?: string; env?: Record<string, string> }): Promise<ChildApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, startArgs, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      SEED: '0',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'fault-test-secret-that-is-long-enough-for-hs256',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      // The tests confirm new accounts through the mailbox, as under npm run dev.
      DEV_MAILBOX_OPEN: '1',
      // As in test/harness.ts: the machine's load from other suites must not turn into 503s here.
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the app exited while starting:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() - started > 90_000) {
      child.kill('SIGKILL');
      throw new Error(`the app did not start within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, process: child, output: () => output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server, named as the test harness names its own. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('API_TEST_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `pledgeway_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A signed-up user whose profile is complete and whose identity the sandbox verified: one who may create campaigns. */
export async function verifiedCreator(url: string) {
  const creator = await signUp(url, { name: 'Casey Creator' });
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Casey Creator',
    email: creator.email,
    occupation: 'Organizer',
    company_name: 'Riverside Runners',
    description: '',
  }))
    form.set(name, value);
  expect((await creator.client.request('PUT', '/api/users/update', { form })).status).toBe(200);
  const session = await creator.client.post('/api/identity/session', { next: '/user/event/create' });
  const verified = await creator.client.post(`/api/identity/sandbox/sessions/${session.data.session_id}/verify`, {
    legalName: 'Casey Creator',
    dateOfBirth: '1990-04-12',
    documentNumber: 'D1234567',
  });
  expect(verified.data.identity_status).toBe('verified');
  return creator;
}
