// The 10,000-pledge charge run (issue 21): a completed campaign's pledges charged by the app's own
// workers on PostgreSQL with the rate limit lifted, timed from the admin's charge to the run's end,
// then checked: one successful sandbox charge and one ledger posting per pledge, and the ledger's
// verification (books balanced, provider and books agree both ways). Budget: ≤ 60 s (≥ 167/s).
//
// Eight supporters pledge through the API; their pledges are then copied in SQL to CHARGE_RUN_PLEDGES
// (10,000) with fresh ids and keys, each on its supporter's saved card: pledging 10,000 times through
// the API is the pledge bench's job, and would spend the minute before the measurement on argon2.
// The demo content's own pledges on the campaign (no saved card: declined) are charged too but
// not counted. The run is given ten times its budget before the bench stops waiting.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { profileFlags } from './app.ts';
import { createDatabase } from './postgres.ts';
import { registerSupporters } from './pledges.ts';
import { freePort, startProcess, type Started } from './processes.ts';
import { missed, notes, record } from './report.ts';

const PLEDGES = Number(process.env.CHARGE_RUN_PLEDGES ?? 10_000);
const BUDGET_SECONDS = 60;
const CAMPAIGN = '72-Hour Pantry Restock'; // a demo Money Bomb, All donations: charged whatever its total
const CREATOR = { email: 'ava@pledgeway.org', password: 'Ava-demo-2026' };
const ADMIN = { email: 'admin@pledgeway.org', password: 'Admin-demo-2026' };

/** CPU seconds a process has used (user + system), from /proc: what one charge costs the app, whatever the load. */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function signIn(url: string, login: { email: string; password: string }): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/site/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) });
  if (!response.ok) throw new Error(`log-in of ${login.email} answered ${response.status}`);
  const body = (await response.json()) as { user: { accessToken: string } };
  return { 'content-type': 'application/json', authorization: `Bearer ${body.user.accessToken}` };
}

async function post(url: string, headers: Record<string, string>, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: body === undefined ? { authorization: headers.authorization! } : headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`);
  return answer;
}

/** Copies the supporters' pledges to `count` pending pledges of the same campaign, cards and figures. */
async function copyPledges(client: pg.Client, eventId: string, count: number): Promise<void> {
  await client.query(
    `insert into pledges
       select (jsonb_populate_record(null::pledges, to_jsonb(p) || jsonb_build_object(
         'id', gen_random_uuid(), 'idempotency_key', 'bench-charge-run:' || n, 'request_key', null,
         'created_at', now(), 'updated_at', now()))).*
       from generate_series(1, $2::int) n
       join lateral (select * from pledges where event_id = $1 and user_id in (select id from users where email like 'bench-%')
                     order by id offset (n % 8) limit 1) p on true`,
    [eventId, count - 8],
  );
}

/** Exactly once: the bench's pledges, how many are charged, and how many have one succeeded provider charge and one ledger posting. */
async function exactlyOnce(client: pg.Client, eventId: string): Promise<{ pledges: number; charged: number; exact: number }> {
  // Fresh statistics after the bulk copy, or the planner loops over the grouped charges per pledge.
  await client.query('analyze pledges, users, sandbox_charges, ledger_transactions');
  const counts = await client.query<{ pledges: number; charged: number; exact: number }>(
    `with charges as materialized (
       select regexp_replace(idempotency_key, ':charge:[0-9]+$', '') as pledge_key, count(*) as n
         from sandbox_charges where status = 'succeeded' group by 1
     ), postings as materialized (
       select pledge_id, count(*) as n from ledger_transactions where kind = 'pledge_charge' group by 1
     )
     select count(*)::int as pledges,
            count(*) filter (where p.status = 'charged')::int as charged,
            count(*) filter (where c.n = 1 and t.n = 1)::int as exact
       from pledges p join users u on u.id = p.user_id
       left join charges c on c.pledge_key = p.idempotency_key
       left join postings t on t.pledge_id = p.id
      where p.event_id = $1 and u.email like 'bench-%'`,
    [eventId],
  );
  return counts.rows[0]!;
}

/** The production build on the bench's database, with the demo content and the charge rate lifted. */
async function startApp(root: string, dataDir: string, databaseUrl: string) {
  const port = await freePort();
  return startProcess(
    // CHARGE_RUN_CPU_PROF=<folder> (or BENCH_CPU_PROF, as for every app the bench starts): the
    // app's CPU profile of the whole run, written when it stops.
    [
      '--enable-source-maps',
      ...(process.env.CHARGE_RUN_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CHARGE_RUN_CPU_PROF}`] : profileFlags),
      'apps/api/dist/server.js',
    ],
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SEED: '1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      ALLOW_SANDBOX_PAYMENTS: '1',
      ALLOW_OUTBOX_EMAIL: '1',
      // The rate limit lifted: the run goes as fast as the app and the database allow.
      CHARGE_RATE_PER_SECOND: '100000',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
    },
    port,
    '/api/health',
    root,
  );
}

export async function chargeRunBench(root: string, serverUrl: string): Promise<void> {
  const database = await createDatabase(serverUrl, 'pledgeway_chargerun');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pledgeway-chargerun-'));
  const client = new pg.Client({ connectionString: database.url });
  let app: Started | undefined;
  try {
    app = await startApp(root, dataDir, database.url);
    app.child.stdout?.resume();
    await client.connect();
    const { rows } = await client.query<{ id: string }>('select id from events where name = $1', [CAMPAIGN]);
    const eventId = rows[0]?.id;
    if (!eventId) throw new Error(`the demo content has no campaign named ${CAMPAIGN}`);
    const supporters = await registerSupporters(app.url, 8);
    for (const supporter of supporters) {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${supporter.accessToken}` };
      await post(`${app.url}/api/events/${eventId}/pledges`, headers, { amount: 10, tip_percent: 10, cover_fees: true, payment_method_id: supporter.cardId });
    }
    await copyPledges(client, eventId, PLEDGES);
    await post(`${app.url}/api/events/${eventId}/complete`, await signIn(app.url, CREATOR));
    const admin = await signIn(app.url, ADMIN);

    const cpuAtStart = cpuSeconds(app.child.pid);
    const started = Date.now();
    const run = (await post(`${app.url}/api/admin/events/${eventId}/charge`, admin)).data as { _id: string };
    let progress: { status: string; charged: number; failed: number; total: number } | undefined;
    for (;;) {
      const response = await fetch(`${app.url}/api/admin/charge-runs/${run._id}`, { headers: admin });
      // On a loaded machine the overload guard may answer a poll 503 (decision 106): ask again.
      if (response.ok) progress = ((await response.json()) as { data: typeof progress }).data;
      else await response.body?.cancel();
      if (progress?.status === 'finished' || Date.now() - started > 10 * BUDGET_SECONDS * 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    const appCpuMs = ((cpuSeconds(app.child.pid) - cpuAtStart) * 1000) / Math.max(1, progress?.charged ?? 0);

    const { pledges, charged, exact } = await exactlyOnce(client, eventId);
    const verify = (await (await fetch(`${app.url}/api/admin/ledger/verify`, { headers: admin })).json()) as { data: { ok?: boolean; problems: unknown[] } };
    const problems = verify.data.problems.length;
    const perSecond = Math.round(charged / seconds);
    record({
      database: 'PostgreSQL',
      target: `charge run: ${pledges} pledges (rate limit lifted)`,
      connections: '—',
      reqPerSec: perSecond,
      p99: '—',
      ceilingName: `budget ≥ ${Math.ceil(PLEDGES / BUDGET_SECONDS)}/s`,
      ceiling: Math.ceil(PLEDGES / BUDGET_SECONDS),
      errors: pledges - exact,
      rssMb: app.rssMb(),
    });
    const line = `charge run on PostgreSQL: ${pledges} pledges, ${charged} charged in ${seconds.toFixed(1)} s (${perSecond}/s; budget ≤ ${BUDGET_SECONDS} s), exactly once: ${exact}/${pledges}, ledger verification: ${problems ? `${problems} problems` : 'clean'}; the app's CPU ${appCpuMs.toFixed(1)} ms per charge (load average ${loadavg()[0]!.toFixed(1)})`;
    console.log(line);
    notes.push(line);
    if (seconds > BUDGET_SECONDS || progress?.status !== 'finished')
      missed.push(`charge run: ${charged} of ${pledges} pledges charged in ${seconds.toFixed(1)} s (budget ≤ ${BUDGET_SECONDS} s)`);
    if (exact !== pledges) missed.push(`charge run: ${pledges - exact} pledges not charged exactly once`);
    if (problems) missed.push(`charge run: ledger verification found ${problems} problems`);
  } finally {
    await client.end().catch(() => undefined);
    await app?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
