// npm run bench: public reads, log-in and pledge creation against the production build on the
// embedded database and on PostgreSQL, each beside its ceiling measured in the same run (a bare
// Fastify route in its own process, measured right before each read; argon2id verifications per
// second for log-in; pgbench on the same PostgreSQL for writes), Lighthouse on three pages and
// JavaScript per route. Prints one table, names every budget missed (docs/architecture.md#budgets) and
// writes it to docs/performance.md. PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL (a
// server URL; fresh databases are created and dropped). BENCH_SECONDS sets each run's length (5).
//
// A subset (while working on one path): BENCH_ONLY names the targets, comma-separated, of
// show (event read), list (campaign list), page (server-rendered event page), login, pledges,
// lighthouse, js, chargerun (a 10,000-pledge charge run on PostgreSQL, charge-run.ts), moneybomb
// (issue 21: scripts/bench/money-bomb-runs.ts), nextbomb (its next goal: 3,000 pages at 500
// pledges a second, PostgreSQL only), scaleout (one, two and three instances behind HAProxy, each
// with a CPU quota, PostgreSQL only: scaleout.ts), fault (three instances behind HAProxy, one killed
// during a pledge stream and one during a charge run, PostgreSQL only: fault.ts) and downloads (ten open-ledger downloads of 100,000 lines at once, PostgreSQL
// only, downloads.ts) and monthly (a year of monthly-giving renewals for 1,000 gifts, monthly.ts: on
// PostgreSQL when it is selected and has a URL, else on the embedded database); BENCH_DATABASES names embedded and/or postgres. For example
// `BENCH_ONLY=pledges,list BENCH_DATABASES=postgres npm run bench`. A subset prints its table but
// leaves docs/performance.md alone: the block there is always a full run.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chargeRunBench } from './charge-run.ts';
import { downloadsBench } from './downloads.ts';
import { cpuDuring, postgresBackends, processGroup } from './cpu.ts';
import { lighthousePages, pagesTable } from './lighthouse.ts';
import { CONNECTIONS, load, seconds } from './load.ts';
import { createDatabase, pgbenchTps } from './postgres.ts';
import { pledgeableCampaign, pledgeRequests, registerSupporters } from './pledges.ts';
import { startApp } from './app.ts';
import { faultBench, faultLines } from './fault.ts';
import { embeddedMoneyBomb, moneyBombTable, postgresMoneyBomb } from './money-bomb-runs.ts';
import { scaleOutBench, scaleOutLines } from './scaleout.ts';
import { monthlyBench } from './monthly.ts';
import { freePort, startProcess, type Started } from './processes.ts';
import { appendToHistory, cpuShareNote, missed, notes, record, report, writeToPerformanceDoc } from './report.ts';

const root = path.resolve(import.meta.dirname, '../..');
const DEMO_USER = { email: 'ava@pledgeway.org', password: 'Ava-demo-2026' };
const load1 = () => loadavg()[0]!.toFixed(1);

const TARGETS = [
  'show',
  'list',
  'page',
  'login',
  'pledges',
  'lighthouse',
  'js',
  'chargerun',
  'moneybomb',
  'nextbomb',
  'scaleout',
  'fault',
  'downloads',
  'monthly',
] as const;
const DATABASES = ['embedded', 'postgres'] as const;
function subset<T extends string>(variable: string, known: readonly T[]): Set<T> {
  const value = process.env[variable]?.trim();
  if (!value) return new Set(known);
  const named = value.split(',').map((item) => item.trim());
  const unknown = named.filter((item) => !known.includes(item as T));
  if (unknown.length) throw new Error(`${variable}: unknown ${unknown.join(', ')} (known: ${known.join(', ')})`);
  return new Set(named as T[]);
}
const only = subset('BENCH_ONLY', TARGETS);
const databases = subset('BENCH_DATABASES', DATABASES);
const fullRun = only.size === TARGETS.length && databases.size === DATABASES.length;
/** Whether a target measured on each database's own instance is selected (the money bomb starts its own). */
const perDatabaseRuns = (['show', 'list', 'page', 'login', 'pledges', 'lighthouse'] as const).some((target) => only.has(target));

async function ensureBuild() {
  const { staleReason } = (await import(path.join(root, 'scripts/build-state.mjs'))) as { staleReason(): string | undefined };
  const reason = staleReason();
  if (!reason) return;
  console.log(`Building (${reason})…`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
}

async function reads(database: string, app: Started, bare: Started, eventId: string) {
  const targets: [(typeof TARGETS)[number], string, string, boolean][] = [
    ['show', 'GET /api/events/show/{id}', `/api/events/show/${eventId}`, true],
    ['list', 'GET /api/events/allActive', '/api/events/allActive', true],
    ['page', 'GET /events/{id} (server-rendered)', `/events/${eventId}`, false],
  ];
  for (const [name, target, route, budgeted] of targets) {
    if (!only.has(name)) continue;
    for (const connections of CONNECTIONS) {
      // The ceiling right before the target, so both see the same machine load.
      const ceiling = await load(`${bare.url}/`, connections);
      const result = await load(`${app.url}${route}`, connections);
      const row = { database, target, connections, reqPerSec: result.rps, p99: result.p99, errors: result.errors, rssMb: app.rssMb() };
      record({ ...row, ceilingName: 'bare route', ceiling: ceiling.rps, ceilingP99: ceiling.p99 }, budgeted ? { minRatio: 0.5, p99At200: true } : undefined);
    }
  }
}

async function login(database: string, app: Started) {
  const measured = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/argon2-ceiling.ts', String(seconds)], { cwd: root, encoding: 'utf8' });
  const ceiling = Math.round((JSON.parse(measured.trim().split('\n').pop()!) as { perSecond: number }).perSecond);
  const body = JSON.stringify(DEMO_USER);
  const headers = { 'content-type': 'application/json' };
  for (const connections of CONNECTIONS) {
    // No warm-up: the password checks a warm-up leaves queued would run into the measured seconds.
    // One log-in alone first, and one after, so no run starts behind another's queue.
    await fetch(`${app.url}/api/site/login`, { method: 'POST', body, headers });
    const result = await load(`${app.url}/api/site/login`, connections, { method: 'POST', body, headers, timeout: 60, warmUp: false });
    await fetch(`${app.url}/api/site/login`, { method: 'POST', body, headers });
    record({
      database,
      target: 'POST /api/site/login (argon2id)',
      connections,
      reqPerSec: result.rps,
      p99: result.p99,
      ceilingName: 'argon2id verifications/s',
      ceiling,
      errors: result.errors,
      rssMb: app.rssMb(),
    });
  }
}

async function pledges(database: string, app: Started, databaseUrl: string | undefined, writeCeiling: number | undefined) {
  const supporters = await registerSupporters(app.url);
  const eventId = await pledgeableCampaign(app.url, supporters[0]!);
  for (const connections of CONNECTIONS) {
    // The 1 s warm-up of the reads (the JIT settles), then the database's queue drained before the measured run and the next.
    const send = () =>
      load(`${app.url}/api/events/${eventId}/pledges`, connections, {
        method: 'POST',
        setupRequest: pledgeRequests(supporters),
        timeout: 30,
        afterWarmUp: () => fetch(`${app.url}/api/ready`),
      });
    const result = databaseUrl ? await withCpuPerPledge(databaseUrl, app, connections, send) : await send();
    await fetch(`${app.url}/api/ready`);
    const row = {
      database,
      target: 'POST /api/events/{id}/pledges',
      connections,
      reqPerSec: result.rps,
      p99: result.p99,
      errors: result.errors,
      rssMb: app.rssMb(),
    };
    if (writeCeiling) record({ ...row, ceilingName: 'pgbench tps', ceiling: Math.round(writeCeiling) }, { minRatio: 0.4 });
    else record(row);
  }
}

/**
 * The CPU one pledge costs the server and its PostgreSQL backends (warm-up included), from the pledges
 * counted in the database before and after: unlike pledges a second, it hardly moves with what else
 * the machine is running, so two builds can be compared on a busy machine.
 */
async function withCpuPerPledge<T>(databaseUrl: string, app: Started, connections: number, send: () => Promise<T>): Promise<T> {
  const count = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>('select count(*) as n from pledges')).rows[0]!.n);
    } finally {
      await client.end();
    }
  };
  const before = await count();
  const { result, cpu } = await cpuDuring([processGroup('server', app.child.pid), postgresBackends(databaseUrl)], send);
  const made = (await count()) - before;
  const [server, database] = cpu.groups.map((group) => ((group.cores * cpu.seconds) / Math.max(made, 1)) * 1000);
  notes.push(
    `Pledges at ${connections} connections: ${made} made (warm-up included); CPU per pledge: server ${server!.toFixed(2)} ms, ` +
      `its PostgreSQL backends ${database!.toFixed(2)} ms; the whole machine ${cpu.machineCores.toFixed(2)} of ${cpu.machineCoreCount} cores busy.`,
  );
  return result;
}

async function benchDatabase(database: 'embedded' | 'PostgreSQL', databaseUrl: string | undefined, bare: Started, writeCeiling?: number) {
  const { app, cleanup } = await startApp(databaseUrl);
  try {
    const startRss = app.rssMb();
    const list = (await (await fetch(`${app.url}/api/events/allActive`)).json()) as { _id: string }[];
    const eventId = list[0]?._id;
    if (!eventId) throw new Error('the demo content has no live campaign');
    await reads(database, app, bare, eventId);
    if (only.has('login')) await login(database, app);
    if (only.has('pledges')) {
      await pledges(database, app, databaseUrl, writeCeiling).catch((error: Error) => {
        missed.push(`pledge creation on ${database} not measured: ${error.message}`);
      });
    }
    notes.push(`${database}: server RSS ${startRss} MB after start, ${app.rssMb()} MB after every run.`);
    if (database !== 'embedded' || !only.has('lighthouse')) return undefined;
    const pages = [
      { label: '/', path: '/' },
      { label: '/events', path: '/events' },
      { label: '/events/{id}', path: `/events/${eventId}` },
    ];
    try {
      return lighthousePages(root, app.url, pages, missed);
    } catch (error) {
      missed.push(`Lighthouse not measured: ${(error as Error).message}`);
      return undefined;
    }
  } finally {
    await app.stop();
    cleanup();
  }
}

function javascriptTable(): string {
  if (!only.has('js')) return 'Not measured in this run (BENCH_ONLY).';
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/measure-initial-js.ts'], { cwd: root, encoding: 'utf8' });
  for (const line of output.split('\n')) {
    const match = /^\| `(.+?)` \| ([\d.]+) KB/.exec(line);
    if (match && Number(match[2]) > 120) missed.push(`initial JavaScript of ${match[1]}: ${match[2]} KB gzip (budget ≤ 120 KB)`);
  }
  return output.slice(output.indexOf('|')).trim();
}

/** The money bomb on PostgreSQL, its next goal, the scale-out and the fault runs, as selected, each on a database of its own. */
async function postgresMoneyBombs(postgresUrl: string) {
  const runs = [
    { selected: only.has('moneybomb'), run: (url: string) => postgresMoneyBomb(url), what: 'money bomb' },
    { selected: only.has('nextbomb'), run: (url: string) => postgresMoneyBomb(url, { next: true }), what: 'the next money-bomb goal' },
    { selected: only.has('scaleout'), run: scaleOutBench, what: 'scale-out' },
    { selected: only.has('fault'), run: faultBench, what: 'fault run' },
  ];
  for (const run of runs.filter((candidate) => candidate.selected)) {
    const bombDatabase = await createDatabase(postgresUrl, 'pledgeway_bench');
    try {
      await run.run(bombDatabase.url).catch((error: Error) => {
        missed.push(`${run.what} on PostgreSQL stopped: ${error.message.split('\n').slice(0, 2).join(' ')}`);
      });
    } finally {
      await bombDatabase.drop();
    }
  }
}

async function main() {
  const started = Date.now();
  await ensureBuild();
  const loadAtStart = load1();
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const bare = await startProcess(['--import', 'tsx', 'scripts/bench/bare-server.ts'], {}, await freePort(), '/', root);
  let pages: Awaited<ReturnType<typeof benchDatabase>> = undefined;
  try {
    if (databases.has('embedded') && perDatabaseRuns) pages = await benchDatabase('embedded', undefined, bare);
    if (databases.has('embedded') && only.has('moneybomb')) {
      await embeddedMoneyBomb().catch((error: Error) => missed.push(`money bomb on embedded stopped: ${error.message.split('\n')[0]}`));
    }
    if (only.has('monthly') && (!databases.has('postgres') || !postgresUrl)) {
      await monthlyBench(undefined).catch((error: Error) => void missed.push(`monthly giving on embedded not measured: ${error.message}`));
    }
    if (!databases.has('postgres')) {
      // Left out on purpose (BENCH_DATABASES).
    } else if (postgresUrl) {
      // pgbench is the pledge budget's ceiling: measured only when pledges are.
      const writeCeiling = only.has('pledges') ? await pgbenchTps(postgresUrl, seconds * 2) : undefined;
      if (writeCeiling) {
        record({
          database: 'PostgreSQL',
          target: 'pgbench TPC-B-like (write ceiling)',
          connections: '8 clients',
          reqPerSec: Math.round(writeCeiling.tps),
          p99: '—',
          errors: 0,
        });
      } else if (only.has('pledges')) {
        notes.push('pgbench did not run, so pledge creation on PostgreSQL has no ceiling.');
      }
      const database = await createDatabase(postgresUrl, 'pledgeway_bench');
      try {
        if (perDatabaseRuns)
          await benchDatabase('PostgreSQL', database.url, bare, writeCeiling?.tps).catch((error: Error) => {
            missed.push(`PostgreSQL runs stopped: ${error.message.split('\n').slice(0, 2).join(' ')}`);
          });
      } finally {
        await database.drop();
      }
      if (only.has('chargerun')) await chargeRunBench(root, postgresUrl).catch((error: Error) => void missed.push(`charge run not measured: ${error.message}`));
      if (only.has('downloads')) await downloadsBench(postgresUrl).catch((error: Error) => void missed.push(`downloads not measured: ${error.message}`));
      await postgresMoneyBombs(postgresUrl);
      if (only.has('monthly')) await monthlyBench(postgresUrl).catch((error: Error) => void missed.push(`monthly giving not measured: ${error.message}`));
    } else {
      notes.push('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server URL.');
      missed.push('PostgreSQL budgets not measured (no database URL)');
    }
  } finally {
    await bare.stop();
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 1024 ** 3)} GB RAM, Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average (1 min) ${loadAtStart} at the start, ${load1()} at the end${cpuShareNote() ? `; ${cpuShareNote()}` : ''}`;
  const text = report({
    machine,
    method: `Each run: 1 s warm-up, then ${seconds} s of autocannon (one request at a time per connection) from the same machine, against the production build (\`apps/api/dist\`), log level info, demo content. Autocannon, the server and the bare route share the machine's cores, so absolute figures move with its load; each ratio compares two runs made back to back.`,
    pages: pagesTable(
      pages ??
        (only.has('lighthouse') && databases.has('embedded') ? 'Lighthouse not run: the embedded database run did not finish.' : 'Not measured in this run.'),
    ),
    javascript: javascriptTable(),
    moneyBomb: [moneyBombTable(), ...scaleOutLines, ...faultLines].join('\n'),
    seconds: Math.round((Date.now() - started) / 1000),
  });
  console.log(text);
  appendToHistory(path.join(root, 'docs/bench-history.jsonl'), {
    at: new Date().toISOString(),
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim(),
    targets: [...only],
    databases: [...databases],
    machine,
    missed: [...missed],
    notes: [...notes],
    report: text,
  });
  if (fullRun) writeToPerformanceDoc(path.join(root, 'docs/performance.md'), text);
  else console.log('\nA subset (BENCH_ONLY / BENCH_DATABASES): docs/performance.md left as it was.');
}

await main();
