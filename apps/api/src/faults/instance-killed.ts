import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { ATTEMPT_LEASE_MS } from '../lib/attempt-lease.ts';
import { verifyLedger } from '../modules/ledger/verify.ts';
import { createSandboxProvider } from '../providers/payments/sandbox.ts';
import { currentTotals, type LivePage } from './live-page-client.ts';

/**
 * An instance killed (SIGKILL) behind a load balancer, twice: in the middle of a stream of pledges
 * while live pages are open on every instance, and in the middle of a charge run. Shared by the
 * test (`instance-killed.test.ts`, instances from the sources behind a small proxy) and the bench
 * (`BENCH_ONLY=fault`, the production build behind HAProxy). Both balancers name the instance
 * that answered in the `x-served-by` header and send a request the dead instance refused to another.
 * No vitest here: the bench imports it too.
 */
/** The goal for an open page of the killed instance: back on another one within this. */
export const RECONNECT_GOAL_MS = 5_000;

export interface KillableInstance {
  /** As the balancer names it in `x-served-by`. */
  name: string;
  kill(): Promise<void>;
}

export interface Supporter {
  accessToken: string;
  cardId: string;
}

/** One goal checked after a fault, as printed beside it. */
export interface Check {
  goal: string;
  ok: boolean;
  detail: string;
}

export interface PledgeStreamResult {
  sent: number;
  /** Idempotency-Keys of the pledges answered 2xx, first time or on the client's one retry. */
  acknowledged: string[];
  /** Answers other than 2xx on the first try, by status or error. */
  failedFirst: Record<string, number>;
  /** Of those, answered 2xx when sent again with the same key. */
  acknowledgedOnRetry: number;
}

function postPledge(url: string, supporter: Supporter, key: string): Promise<string> {
  const body = JSON.stringify({ amount: 10, tip_percent: 0, payment_method_id: supporter.cardId });
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        timeout: 30_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${supporter.accessToken}`,
          'idempotency-key': key,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(String(response.statusCode)));
        response.on('error', () => resolve('reset'));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.end(body);
  });
}

/**
 * Pledges at `perSecond` for `seconds`, each due at its moment whatever the answers before (open
 * loop), supporters in turn; `atSecond` seconds in, `fault` runs. A pledge not answered 2xx is sent
 * once more with its Idempotency-Key afterwards, as a supporter's browser retries.
 */
export async function pledgeStream(
  balancerUrl: string,
  eventId: string,
  supporters: Supporter[],
  plan: { perSecond: number; seconds: number; atSecond: number; fault: () => Promise<void> },
): Promise<PledgeStreamResult> {
  const url = `${balancerUrl}/api/events/${eventId}/pledges`;
  const total = Math.round(plan.perSecond * plan.seconds);
  const acknowledged: string[] = [];
  const failed: { key: string; supporter: Supporter }[] = [];
  const failedFirst: Record<string, number> = {};
  const inFlight: Promise<void>[] = [];
  const started = Date.now();
  let faulted: Promise<void> | undefined;
  for (let index = 0; index < total; index += 1) {
    const due = started + (index / plan.perSecond) * 1000;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    if (!faulted && Date.now() - started >= plan.atSecond * 1000) faulted = plan.fault();
    const supporter = supporters[index % supporters.length]!;
    const key = randomUUID();
    inFlight.push(
      postPledge(url, supporter, key).then((status) => {
        if (status.startsWith('2')) acknowledged.push(key);
        else {
          failedFirst[status] = (failedFirst[status] ?? 0) + 1;
          failed.push({ key, supporter });
        }
      }),
    );
  }
  await Promise.all(inFlight);
  await faulted;
  let acknowledgedOnRetry = 0;
  for (const { key, supporter } of failed) {
    if ((await postPledge(url, supporter, key)).startsWith('2')) {
      acknowledged.push(key);
      acknowledgedOnRetry += 1;
    }
  }
  return { sent: total, acknowledged, failedFirst, acknowledgedOnRetry };
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** After the pledge stream: every acknowledged pledge stored once, and the pages of the killed instance back and current. */
export async function checkPledgeStream(options: {
  databaseUrl: string;
  balancerUrl: string;
  eventId: string;
  result: PledgeStreamResult;
  pages: LivePage[];
  killed: string;
  killedAt: number;
  /** The campaign's pledge count before the stream. */
  countBefore: number;
}): Promise<Check[]> {
  const { result, pages, killed, killedAt } = options;
  const stored = await withClient(options.databaseUrl, async (client) => {
    const found = await client.query<{ keys: number; rows: number }>(
      'select count(distinct request_key)::int as keys, count(*)::int as rows from pledges where event_id = $1 and request_key = any($2::text[])',
      [options.eventId, result.acknowledged],
    );
    return found.rows[0]!;
  });
  const failed = Object.entries(result.failedFirst).map(([answer, count]) => `${count} × ${answer}`);
  const checks: Check[] = [
    {
      goal: 'every acknowledged pledge (2xx) is in the books, once',
      ok: stored.keys === result.acknowledged.length && stored.rows === result.acknowledged.length,
      detail: `${result.acknowledged.length} acknowledged of ${result.sent} sent (${result.acknowledgedOnRetry} on the client's retry with the same key${failed.length ? `; first answers ${failed.join(', ')}` : ''}); ${stored.rows} stored`,
    },
  ];
  // The pages of the killed instance: back on another within the goal, counted from the kill.
  const onKilled = pages.filter((page) => page.connections.some((connection) => connection.servedBy === killed));
  const backOf = (page: LivePage) => {
    const back = page.connections.find((connection) => connection.servedBy !== killed && connection.openedAt >= killedAt && connection.firstMessageAt);
    return back ? back.firstMessageAt! - killedAt : Infinity;
  };
  // The stream may end before the pages' wait to reconnect (the server's `retry`) is over: they get until a second past the goal.
  while (onKilled.some((page) => backOf(page) === Infinity) && Date.now() < killedAt + RECONNECT_GOAL_MS + 1_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const backIn = onKilled.map(backOf);
  const slowest = Math.max(0, ...backIn);
  checks.push({
    goal: `the open pages of the killed instance reconnect to the others within ${RECONNECT_GOAL_MS / 1000} s`,
    ok: onKilled.length > 0 && slowest <= RECONNECT_GOAL_MS,
    detail: `${backIn.filter((ms) => ms <= RECONNECT_GOAL_MS).length} of ${onKilled.length} back (slowest ${Number.isFinite(slowest) ? `${(slowest / 1000).toFixed(1)} s` : 'never'})`,
  });
  // Every page's last totals are the database's: no page missed a change, the reconnected ones neither.
  const truth = await currentTotals(`${options.balancerUrl}/api/events/${options.eventId}/live`);
  const expected = options.countBefore + result.acknowledged.length;
  const deadline = Date.now() + 3_000;
  const current = () => pages.filter((page) => page.totals.pledge_count === truth.pledge_count && page.totals.payment_amount === truth.payment_amount);
  while (current().length < pages.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const behind = pages.filter((page) => !current().includes(page));
  const shown = (page: LivePage) => `${String(page.totals.pledge_count)} pledges, ${String(page.totals.payment_amount)}`;
  checks.push({
    goal: "every open page's final total is the database's",
    ok: truth.pledge_count === expected && behind.length === 0,
    detail: `the database: ${String(truth.pledge_count)} pledges (${options.countBefore} before + ${result.acknowledged.length} acknowledged), ${String(truth.payment_amount)}; ${pages.length - behind.length} of ${pages.length} pages show it${behind.length ? `; behind: ${behind.slice(0, 3).map(shown).join('; ')}` : ''}`,
  });
  return checks;
}

/**
 * A charge run killed in the middle: started through the balancer, `fault` once `killAfter`
 * pledges are charged, then waited for (polled through the balancer) up to `seconds`. With
 * `ageClaims`, the claims the killed instance held are dated a lease earlier right after the kill,
 * as if the lease had passed (the test's minute; the bench waits for it).
 */
export async function chargeRunWithKill(options: {
  balancerUrl: string;
  databaseUrl: string;
  eventId: string;
  adminToken: string;
  killAfter: number;
  fault: () => Promise<void>;
  ageClaims: boolean;
  seconds: number;
}): Promise<{ runId: string; status: string; total: number; charged: number; failed: number; seconds: number; secondStart: string | undefined }> {
  const headers = { authorization: `Bearer ${options.adminToken}` };
  const started = Date.now();
  const answer = await fetch(`${options.balancerUrl}/api/admin/events/${options.eventId}/charge`, { method: 'POST', headers });
  const body = (await answer.json()) as { data?: { _id: string } };
  if (!answer.ok || !body.data) throw new Error(`the charge run did not start: ${answer.status} ${JSON.stringify(body).slice(0, 200)}`);
  const runId = body.data._id;
  let killed = false;
  let run: { status: string; total: number; charged: number; failed: number } | undefined;
  while (Date.now() - started < options.seconds * 1000) {
    const response = await fetch(`${options.balancerUrl}/api/admin/charge-runs/${runId}`, { headers }).catch(() => undefined);
    if (response?.ok) run = ((await response.json()) as { data: typeof run }).data;
    else await response?.body?.cancel();
    if (!killed && run && run.charged >= options.killAfter) {
      killed = true;
      await options.fault();
      if (options.ageClaims) {
        await withClient(options.databaseUrl, (client) =>
          client.query(
            `update pledges set attempt_started_at = attempt_started_at - make_interval(secs => $2)
              where event_id = $1 and attempt_started_at is not null and status <> 'charged'`,
            [options.eventId, ATTEMPT_LEASE_MS / 1000],
          ),
        );
      }
    }
    if (run?.status === 'finished' && killed) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // A second start of the same campaign's run finds the first (one run per campaign).
  const again = await fetch(`${options.balancerUrl}/api/admin/events/${options.eventId}/charge`, { method: 'POST', headers });
  const secondStart = ((await again.json().catch(() => ({}))) as { data?: { _id: string } }).data?._id;
  if (!run) throw new Error('the charge run was never read');
  return { runId, ...run, seconds: (Date.now() - started) / 1000, secondStart };
}

/** After the charge run: finished once, each pledge charged once at the provider and posted once, the books clean both ways. */
export async function checkChargeRun(databaseUrl: string, eventId: string, outcome: Awaited<ReturnType<typeof chargeRunWithKill>>): Promise<Check[]> {
  // PostgreSQL only: no PGlite folder.
  const opened = await openDatabase({ url: databaseUrl, pgliteDir: '' });
  try {
    const runs = await opened.query<{ n: number; finished: number }>(
      `select count(*)::int as n, count(*) filter (where status = 'finished' and finished_at is not null)::int as finished from charge_runs where event_id = $1`,
      [eventId],
    );
    const perPledge = await opened.query<{ pledges: number; charged: number; once: number; twice: number }>(
      `with counted as (
         select p.status,
                (select count(*)::int from sandbox_charges c where c.idempotency_key like p.idempotency_key || ':charge:%' and c.status = 'succeeded') as charges,
                (select count(*)::int from ledger_transactions t where t.pledge_id = p.id and t.kind = 'pledge_charge') as postings
           from pledges p where p.event_id = $1 and p.status <> 'cancelled')
       select count(*)::int as pledges, count(*) filter (where status = 'charged')::int as charged,
              count(*) filter (where charges = 1 and postings = 1)::int as once,
              count(*) filter (where charges > 1 or postings > 1)::int as twice
         from counted`,
      [eventId],
    );
    const report = await verifyLedger(opened.query, createSandboxProvider(opened.db));
    const { pledges, charged, once, twice } = perPledge[0]!;
    const { n, finished } = runs[0]!;
    return [
      {
        goal: 'no charge made twice (sandbox provider charges against the ledger)',
        ok: twice === 0 && once === charged,
        detail: `${charged} of ${pledges} pledges charged; ${once} with exactly one provider charge and one posting, ${twice} with more`,
      },
      {
        goal: 'the charge run finishes exactly once',
        ok:
          n === 1 &&
          finished === 1 &&
          outcome.status === 'finished' &&
          outcome.charged + outcome.failed === outcome.total &&
          outcome.secondStart === outcome.runId,
        detail: `${n} run, ${outcome.status} in ${outcome.seconds.toFixed(1)} s: ${outcome.charged} charged, ${outcome.failed} failed of ${outcome.total}; a second start ${outcome.secondStart === outcome.runId ? 'found the same run' : `answered ${outcome.secondStart ?? 'no run'}`}`,
      },
      {
        goal: 'ledger:verify clean both ways (books balanced; provider and books agree)',
        ok: report.problems.length === 0,
        detail: report.problems.length ? `${report.problems.length} problems: ${JSON.stringify(report.problems.slice(0, 2))}` : 'clean',
      },
    ];
  } finally {
    await opened.close();
  }
}

export const formatChecks = (checks: Check[]) => checks.map((check) => `${check.ok ? '✓' : '✗'} ${check.goal}: ${check.detail}`).join('\n');
