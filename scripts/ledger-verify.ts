/**
 * npm run ledger:verify: proves the books balance and match the payment provider's records both
 * ways (every provider charge and refund posted once, every posting known to the provider), and
 * exits non-zero on any difference. With DATABASE_URL it reads PostgreSQL directly; the embedded
 * database belongs to the running app's process, so without DATABASE_URL it asks the running app
 * (GET /api/admin/ledger/verify) with the admin log-in from ADMIN_EMAIL and ADMIN_PASSWORD, at
 * LEDGER_VERIFY_URL or PUBLIC_URL or http://localhost:$PORT.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { LedgerVerifyReport } from '@pledgeway/domain';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { formatLedgerReport, verifyLedger } from '../apps/api/src/modules/ledger/verify.ts';
import { createPaymentProvider } from '../apps/api/src/providers/payments/index.ts';

async function fromDatabase(url: string): Promise<LedgerVerifyReport> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    // The provider the app runs with (STRIPE_SECRET_KEY or the sandbox's tables), to list its charges and refunds.
    const config = loadConfig(process.env, { databaseUrl: url, jwtSecret: 'not-used-by-ledger-verify' });
    const provider = createPaymentProvider(config, drizzle(pool) as unknown as Db);
    return await verifyLedger(async (text, params) => (await pool.query(text, params as unknown[])).rows, provider);
  } finally {
    await pool.end();
  }
}

async function fromRunningApp(): Promise<LedgerVerifyReport> {
  const base = (process.env.LEDGER_VERIFY_URL ?? process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
  const email = process.env.ADMIN_EMAIL;
  const password = process.env.ADMIN_PASSWORD;
  if (!email || !password) throw new Error('Without DATABASE_URL, set ADMIN_EMAIL and ADMIN_PASSWORD so the running app can be asked.');
  const login = await fetch(`${base}/api/site/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`Could not log in at ${base} as ${email} (HTTP ${login.status}).`);
  const token = ((await login.json()) as { user: { accessToken: string } }).user.accessToken;
  const response = await fetch(`${base}/api/admin/ledger/verify`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${base}/api/admin/ledger/verify answered HTTP ${response.status}.`);
  return ((await response.json()) as { data: LedgerVerifyReport }).data;
}

try {
  const url = process.env.DATABASE_URL;
  console.log(url ? 'Checking the ledger in PostgreSQL (DATABASE_URL)' : 'Checking the ledger through the running app');
  const report = url ? await fromDatabase(url) : await fromRunningApp();
  console.log(formatLedgerReport(report));
  process.exitCode = report.ok ? 0 : 1;
} catch (error) {
  console.error(`ledger:verify could not run: ${(error as Error).message}`);
  process.exitCode = 2;
}
