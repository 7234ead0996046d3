// The open ledger's downloads (decision 112): a campaign with 10,000 then DOWNLOAD_BENCH_LINES
// (100,000) ledger lines on PostgreSQL, ten visitors downloading its money.json at once, while one
// client reads /api/health one request after another. Measured at each size: the server's RSS
// before and at its peak during the downloads, the heap that survives a full collection (asked for
// through the inspector every 2 s while they run: what the server retains, without the garbage V8
// has not collected yet, which is what makes RSS's peak move with the load), its CPU time,
// /api/health's p99 and slowest answer meanwhile, and the wall time.
// The lines are booked in SQL (a balanced pair of entries each), as the charge-run bench copies
// its pledges: booking 100,000 through the API is not what is measured.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { startApp, type BenchApp } from './app.ts';
import { createDatabase } from './postgres.ts';
import { notes, record } from './report.ts';

const LINES = Number(process.env.DOWNLOAD_BENCH_LINES ?? 100_000);
const DOWNLOADERS = 10;
const CAMPAIGN = '72-Hour Pantry Restock'; // a published demo campaign

/** CPU seconds a process has used (user + system), from /proc: what the downloads cost the server, whatever the machine's load. */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Books lines `from` + 1 to `to`, a second apart going back in time. */
async function bookLines(client: pg.Client, eventId: string, from: number, to: number): Promise<void> {
  await client.query(
    `with t as (
       insert into ledger_transactions (kind, idempotency_key, event_id, created_at)
       select 'pledge_charge', 'bench-download:' || g, $1::uuid, now() - g * interval '1 second'
       from generate_series($3::int + 1, $2::int) g
       returning id
     )
     insert into ledger_entries (transaction_id, account, event_id, amount_cents)
     select t.id, a.account, $1::uuid, a.amount from t cross join (values ('donor_card', -1000), ('event_escrow', 1000)) a(account, amount)`,
    [eventId, to, from],
  );
  await client.query('analyze ledger_transactions, ledger_entries');
}

/** Reads a download to its end without keeping it: what a visitor's browser does with a file. */
async function download(url: string): Promise<{ bytes: number; ms: number; status: number }> {
  const started = Date.now();
  const response = await fetch(url);
  let bytes = 0;
  for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).length;
  return { bytes, ms: Date.now() - started, status: response.status };
}

/** /api/health one request after another until `done` resolves: every answer's time in ms. */
async function healthLatencies(url: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const latencies: number[] = [];
  while (!finished) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;

/** The heap that survives a full collection, every 2 s until `done` resolves: its largest value. */
async function retainedHeapMb(bench: BenchApp, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => (finished = true));
  let largest = 0;
  while (!finished) {
    await bench.inspector!.collectGarbage();
    largest = Math.max(largest, (await bench.memory()).heapUsedMb ?? 0);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return largest;
}

async function measure(bench: BenchApp, eventId: string) {
  const { app } = bench;
  await bench.inspector!.collectGarbage();
  const retainedBefore = (await bench.memory()).heapUsedMb ?? 0;
  // The collection held the event loop: let the overload guard's measure of its delay settle, or it refuses the downloads.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const baseline = app.rssMb();
  const cpuAtStart = cpuSeconds(app.child.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, app.rssMb())), 50);
  const started = Date.now();
  const downloads = Promise.all(Array.from({ length: DOWNLOADERS }, () => download(`${app.url}/api/events/${eventId}/money.json`)));
  const [results, health, retained] = await Promise.all([downloads, healthLatencies(app.url, downloads), retainedHeapMb(bench, downloads)]);
  clearInterval(sampler);
  return { baseline, peak, retainedBefore, retained, cpu: cpuSeconds(app.child.pid) - cpuAtStart, seconds: (Date.now() - started) / 1000, results, health };
}

function report(lines: number, measured: Awaited<ReturnType<typeof measure>>): void {
  const { baseline, peak, retainedBefore, retained, cpu, seconds, results, health } = measured;
  const refused = results.filter((result) => result.status !== 200).length;
  const megabytes = (results[0]?.bytes ?? 0) / 1048576;
  record({
    database: 'PostgreSQL',
    target: `${DOWNLOADERS} concurrent money.json downloads of ${lines} lines: /api/health meanwhile`,
    connections: DOWNLOADERS,
    reqPerSec: health.length,
    p99: Math.round(percentile(health, 0.99)),
    errors: refused,
    rssMb: peak,
  });
  const line =
    `open-ledger downloads on PostgreSQL: ${DOWNLOADERS} visitors at once, ${lines} lines each (${megabytes.toFixed(1)} MB), all done in ${seconds.toFixed(1)} s ` +
    `(${refused} refused), the server's CPU ${cpu.toFixed(1)} s; server RSS ${baseline} MB before, ${peak} MB at peak (+${peak - baseline} MB), ` +
    `heap retained after a full collection ${retainedBefore} MB before, at most ${retained} MB during (+${retained - retainedBefore} MB); ` +
    `/api/health meanwhile: ${health.length} answers, p99 ${percentile(health, 0.99).toFixed(0)} ms, slowest ${Math.max(...health).toFixed(0)} ms (load average ${loadavg()[0]!.toFixed(1)})`;
  console.log(line);
  notes.push(line);
}

export async function downloadsBench(serverUrl: string): Promise<void> {
  const database = await createDatabase(serverUrl, 'pledgeway_downloads');
  const client = new pg.Client({ connectionString: database.url });
  let bench: BenchApp | undefined;
  try {
    bench = await startApp(database.url, { inspect: true, env: { LOG_LEVEL: 'warn' } });
    await client.connect();
    const { rows } = await client.query<{ id: string }>('select id from events where name = $1', [CAMPAIGN]);
    const eventId = rows[0]?.id;
    if (!eventId) throw new Error(`the demo content has no campaign named ${CAMPAIGN}`);
    let booked = 0;
    for (const lines of [LINES / 10, LINES]) {
      await bookLines(client, eventId, booked, lines);
      booked = lines;
      // Each round is ten visitors' worth of the per-address limit (decision 112): start it afresh.
      await client.query('delete from rate_limit_counters');
      report(lines, await measure(bench, eventId));
    }
  } finally {
    await client.end().catch(() => undefined);
    await bench?.app.stop();
    bench?.cleanup();
    await database.drop();
  }
}
