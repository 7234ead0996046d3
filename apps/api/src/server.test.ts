import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const apiRoot = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the real server process and waits for it to exit (it must, with these settings). */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|JWT_SECRET|SMTP_URL|STRIPE_|ALLOW_)/.test(name)));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...clean, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe.concurrent('starting the server process in production', () => {
  it('refuses DATABASE_URL without JWT_SECRET with one sentence and a non-zero exit', async () => {
    const result = await startServer({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://127.0.0.1:1/pledgeway',
      ALLOW_SANDBOX_PAYMENTS: '1',
      ALLOW_OUTBOX_EMAIL: '1',
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^JWT_SECRET must be set when DATABASE_URL is set in production/)]);
    expect(result.stdout).toBe('');
  });

  it('refuses the sandbox payment provider without its opt-in', async () => {
    const result = await startServer({ NODE_ENV: 'production', ALLOW_OUTBOX_EMAIL: '1' });
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY is not set.*ALLOW_SANDBOX_PAYMENTS=1/)]);
  });

  it('names DATABASE_URL in one sentence, not a stack trace, when the database cannot be reached', async () => {
    const result = await startServer({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://pledgeway:secret-password@127.0.0.1:1/pledgeway',
      JWT_SECRET: 'x'.repeat(32),
      ALLOW_SANDBOX_PAYMENTS: '1',
      ALLOW_OUTBOX_EMAIL: '1',
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^DATABASE_URL: cannot connect to the PostgreSQL server at 127\.0\.0\.1:1\/pledgeway/),
    ]);
    expect(result.stderr).not.toContain('secret-password');
  });
});
