// BENCH_ONLY=monthly: a year of monthly-giving renewals (decision 140) for MONTHLY_BENCH_GIFTS gifts
// (1,000) on the sandbox provider, in this process so the schedule runs under a test clock as the API
// tests move it: the clock steps through every day of 2027 at 01:00 UTC and the schedule runs once a
// day, as the hourly job would. Reports the time and charges per second, then checks that each
// period was charged exactly once: one month row charged, one succeeded provider charge and one
// ledger posting per gift and period, and the ledger's verification clean both ways. On PostgreSQL
// when BENCH_DATABASE_URL / TEST_DATABASE_URL is set (and BENCH_DATABASES includes postgres), else
// on the embedded database.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chargeDateIn } from '@pledgeway/domain';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { ensureCharities } from '../../apps/api/src/db/seed.ts';
import { createTestClock } from '../../apps/api/src/lib/clock.ts';
import { verifyLedger } from '../../apps/api/src/modules/ledger/verify.ts';
import { runMonthlyGifts } from '../../apps/api/src/modules/monthly-giving/schedule.ts';
import { isSandbox } from '../../apps/api/src/providers/payments/index.ts';
import { createDatabase } from './postgres.ts';
import { missed, notes, record } from './report.ts';

const GIFTS = Number(process.env.MONTHLY_BENCH_GIFTS ?? 1_000);
const YEAR = '2027';
const MONTHS = 12;
const DAY_MS = 86_400_000;

type App = Awaited<ReturnType<typeof buildApp>>;

/** GIFTS supporters, each with a saved sandbox card (one card at the provider, one saved row each) and a gift on a charge day from 1 to 31. */
async function seedGifts(app: App): Promise<void> {
  const { payments, database } = app.ctx;
  if (!isSandbox(payments)) throw new Error('the monthly bench runs on the sandbox provider');
  const customer = await payments.createCustomer({ email: 'bench-monthly@example.com', name: 'Bench Giver' });
  const { token } = await payments.tokenizeCard({ holder_name: 'Bench Giver', number: '4242424242424242', expiry: '12/40', cvv: '123' });
  const card = await payments.attachCard({ customerRef: customer.ref, token });
  const charities = (await database.query<{ id: string }>('select id from charities where not hidden order by name')).map((row) => row.id);
  const users = await database.query<{ id: string; n: number }>(
    `insert into users (name, email, password_hash)
       select 'Bench Giver ' || n, 'bench-monthly-' || n || '-' || $2 || '@example.com', 'not-a-password' from generate_series(1, $1::int) n
     returning id, (regexp_match(email, '^bench-monthly-([0-9]+)-'))[1]::int as n`,
    [GIFTS, randomUUID().slice(0, 8)],
  );
  const methods = await database.query<{ id: string; user_id: string }>(
    `insert into payment_methods (user_id, provider, provider_customer_ref, provider_method_ref, brand, last4, exp_month, exp_year, holder_name, is_default)
       select id, 'sandbox', $2, $3, 'Visa', '4242', 12, 2040, 'Bench Giver', true from unnest($1::uuid[]) as id
     returning id, user_id`,
    [users.map((user) => user.id), customer.ref, card.ref],
  );
  const methodOf = new Map(methods.map((method) => [method.user_id, method.id]));
  const rows = users.map((user) => {
    const chargeDay = 1 + (user.n % 31);
    return {
      userId: user.id,
      charityId: charities[user.n % charities.length]!,
      amountCents: 500 + (user.n % 50) * 100 + (user.n % 7),
      tipCents: (user.n % 3) * 100,
      methodId: methodOf.get(user.id)!,
      chargeDay,
      nextChargeAt: chargeDateIn(`${YEAR}-01`, chargeDay).toISOString(),
    };
  });
  await database.query(
    `insert into monthly_gifts (user_id, charity_id, amount_cents, tip_cents, payment_method_id, charge_day, status, next_period, next_charge_at)
       select user_id, charity_id, amount_cents, tip_cents, payment_method_id, charge_day, 'active', '${YEAR}-01', next_charge_at
         from unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[], $5::uuid[], $6::int[], $7::timestamptz[])
           as g(user_id, charity_id, amount_cents, tip_cents, payment_method_id, charge_day, next_charge_at)`,
    [
      rows.map((row) => row.userId),
      rows.map((row) => row.charityId),
      rows.map((row) => row.amountCents),
      rows.map((row) => row.tipCents),
      rows.map((row) => row.methodId),
      rows.map((row) => row.chargeDay),
      rows.map((row) => row.nextChargeAt),
    ],
  );
}

/** Each period exactly once: months charged, periods with one succeeded provider charge, periods with one ledger posting. */
async function exactlyOnce(app: App) {
  const [row] = await app.ctx.database.query<{
    months: number;
    charged: number;
    provider_once: number;
    provider_total: number;
    posted_once: number;
    posted_total: number;
  }>(
    `select (select count(*) from monthly_gift_charges)::int as months,
            (select count(*) from monthly_gift_charges where status = 'charged')::int as charged,
            (select count(*) from (select regexp_replace(idempotency_key, ':[0-9]+$', '') as k from sandbox_charges
               where status = 'succeeded' and idempotency_key like 'recurring:%' group by 1 having count(*) = 1) once)::int as provider_once,
            (select count(*) from sandbox_charges where status = 'succeeded' and idempotency_key like 'recurring:%')::int as provider_total,
            (select count(*) from (select idempotency_key from ledger_transactions where kind = 'monthly_gift' group by 1 having count(*) = 1) once)::int as posted_once,
            (select count(*) from ledger_transactions where kind = 'monthly_gift')::int as posted_total`,
  );
  return row!;
}

async function runYear(app: App, databaseName: string): Promise<void> {
  await ensureCharities(app.ctx.db);
  const clock = createTestClock(new Date(`${YEAR}-01-01T01:00:00Z`));
  app.ctx.clock = clock;
  await seedGifts(app);
  const start = clock.now().getTime();
  let outcomes = { charged: 0, failed: 0, skipped: 0, in_flight: 0 };
  const began = performance.now();
  for (let day = 0; new Date(start + day * DAY_MS).getUTCFullYear() === Number(YEAR); day += 1) {
    clock.set(new Date(start + day * DAY_MS));
    const ran = await runMonthlyGifts(app.ctx);
    outcomes = {
      charged: outcomes.charged + ran.charged,
      failed: outcomes.failed + ran.failed,
      skipped: outcomes.skipped + ran.skipped,
      in_flight: outcomes.in_flight + ran.in_flight,
    };
  }
  const seconds = (performance.now() - began) / 1000;
  const counts = await exactlyOnce(app);
  const report = await verifyLedger(app.ctx.database.query, app.ctx.payments);
  const periods = GIFTS * MONTHS;
  const perSecond = Math.round(counts.charged / seconds);
  record({
    database: databaseName,
    target: `monthly giving: a year of renewals, ${GIFTS} gifts (${periods} periods)`,
    connections: '—',
    reqPerSec: perSecond,
    p99: '—',
    errors: outcomes.failed,
  });
  notes.push(
    `Monthly giving on ${databaseName}: ${counts.charged} of ${periods} periods charged in ${seconds.toFixed(1)} s (${perSecond} charges/s, 365 daily schedule runs); ` +
      `${counts.provider_once} periods with exactly one provider charge (${counts.provider_total} charges), ${counts.posted_once} with exactly one ledger posting ` +
      `(${counts.posted_total} postings); ledger verification ${report.ok ? 'clean' : `found ${report.problems.length} problems`}.`,
  );
  if (counts.months !== periods || counts.charged !== periods)
    missed.push(`monthly giving: ${counts.charged} of ${periods} periods charged (${counts.months} opened)`);
  if (counts.provider_once !== periods || counts.provider_total !== periods)
    missed.push(`monthly giving: ${periods - counts.provider_once} periods not charged exactly once at the provider`);
  if (counts.posted_once !== periods || counts.posted_total !== periods)
    missed.push(`monthly giving: ${periods - counts.posted_once} periods not posted exactly once`);
  if (!report.ok) missed.push(`monthly giving: ledger verification found ${report.problems.length} problems: ${report.problems.slice(0, 3).join('; ')}`);
}

/** The year of renewals on a fresh database: PostgreSQL at `postgresUrl`, or the embedded database without one. */
export async function monthlyBench(postgresUrl: string | undefined): Promise<void> {
  const database = postgresUrl ? await createDatabase(postgresUrl, 'pledgeway_bench_monthly') : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-bench-monthly-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED: '0' },
    {
      databaseUrl: database?.url ?? 'memory://',
      jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
      overloadEventLoopDelayMs: 0,
      port: 0,
      host: '127.0.0.1',
    },
  );
  const app = await buildApp(config, { logger: { level: 'warn' }, serveWeb: false, loadPageRenderer: async () => undefined });
  try {
    await runYear(app, database ? 'PostgreSQL' : 'embedded');
  } finally {
    await app.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
