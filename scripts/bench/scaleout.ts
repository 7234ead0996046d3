// Scale-out (`BENCH_ONLY=scaleout`, PostgreSQL only): closed-loop pledges on one campaign through
// HAProxy to one, two and three instances, each instance in a cgroup v1 cpu group of its own with a
// CPU quota (BENCH_SCALEOUT_QUOTA cores, default 0.25), PostgreSQL, HAProxy and the load generator
// outside any quota. The quota makes "one instance" a fixed amount of CPU, so the ratio measures
// what the design lets N instances add, not how many free cores this machine had. Rounds alternate
// 1, 2, 3, 1, 2, 3, … so a change of the machine's load meanwhile falls on every count alike; each
// count's figure is the median of its runs. Each run also says how idle the whole machine was
// (/proc/stat): with idle left, PostgreSQL and the generator were not what limited it.
//
// Settings: BENCH_SCALEOUT_QUOTA (cores per instance, 0.25), BENCH_SCALEOUT_ROUNDS (3),
// BENCH_SCALEOUT_SECONDS (15 measured seconds a run, after 2 s of warm-up),
// BENCH_SCALEOUT_CONNECTIONS (50 per instance), BENCH_SCALEOUT_SUPPORTERS (4,000: a supporter may pledge 30
// times a minute, and the runs of about a minute together reach 1,200 pledges a second; 800 once
// met the limit 23,114 times). One round of 1, 2 and 3 instances warms up first, uncounted. BENCH_MONEYBOMB_SCALE shrinks the seconds and the
// supporters for working on the path.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { startApp, type BenchApp } from './app.ts';
import { cpuQuota, cpuQuotaUnavailable, type CpuQuotaGroup } from './cgroup.ts';
import { cpuDuring, cpuSeconds, idleShare, machineTicks, postgresBackends, processGroup } from './cpu.ts';
import { startHaproxy, type Balancer } from './haproxy.ts';
import { pledgeableCampaign, pledgeRequests, registerSupporters, type Supporter } from './pledges.ts';
import { missed, notes } from './report.ts';

const scale = Number(process.env.BENCH_MONEYBOMB_SCALE ?? 1);
const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got ${process.env[name]})`);
  return value;
};
export const SCALEOUT = {
  quota: setting('BENCH_SCALEOUT_QUOTA', 0.25),
  rounds: Math.round(setting('BENCH_SCALEOUT_ROUNDS', 3)),
  seconds: Math.max(3, Math.round(setting('BENCH_SCALEOUT_SECONDS', 15) * scale)),
  connectionsPerInstance: Math.round(setting('BENCH_SCALEOUT_CONNECTIONS', 50)),
  supporters: Math.max(50, Math.round(setting('BENCH_SCALEOUT_SUPPORTERS', 4000) * scale)),
};
const COUNTS = [1, 2, 3] as const;
const GOALS: Record<number, number | undefined> = { 2: 1.8, 3: 2.5 };
/** Below this idle share of the machine the run may have been limited by PostgreSQL or the generator, not the quotas. */
const IDLE_FLOOR = 0.1;

interface Run {
  instances: number;
  /** Acknowledged pledges (2xx) a second. */
  pledgesPerSecond: number;
  p99: number;
  /** Answers other than 2xx, errors and timeouts. */
  failed: number;
  rateLimited: number;
  /** Answers 503: an instance's overload guard refused them (decision 106). */
  busy: number;
  /** Times HAProxy took an instance out during the run (its readiness check failed). */
  downs: number;
  idle: number;
  /** CPU the instances used together, in cores, and the share of quota periods in which they were throttled. */
  instanceCores: number;
  throttledShare: number;
  /**
   * CPU milliseconds per acknowledged pledge outside the quotas: PostgreSQL's backends of the bench's
   * database (not its shared WAL writer and checkpointer), the load generator (this process) and
   * HAProxy. What they add per pledge decides how many instances the machine can feed.
   */
  outsideMsPerPledge: { postgres: number; generator: number; balancer: number };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Each instance gets the same number of connections, so every count meets the same load per
 * instance. With one fixed number for all counts, the lone instance holds three instances' worth of
 * pledges in flight: its event loop falls behind, its readiness check answers 503, HAProxy takes it
 * out and then answers every request 503 itself, and the closed loop sends the next at once. One
 * instance then measured its collapse, not its capacity (2026-11-29: 49–135 pledges a second with
 * 43,000–77,000 answers 503 a run, against 180–260 for two and three instances).
 */
function closedLoop(url: string, eventId: string, supporters: Supporter[], seconds: number, instances: number) {
  const target = new URL(`${url}/api/events/${eventId}/pledges`);
  return autocannon({
    url: target.origin,
    connections: SCALEOUT.connectionsPerInstance * instances,
    duration: seconds,
    pipelining: 1,
    timeout: 30,
    requests: [{ method: 'POST', path: target.pathname, setupRequest: pledgeRequests(supporters) }],
  });
}

/** The instances' work in the queue finished (a 503 while busy), so no run starts behind another's. */
async function drained(instances: BenchApp[]) {
  for (const instance of instances) {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await fetch(`${instance.app.url}/api/ready`).catch(() => undefined);
      await response?.arrayBuffer();
      if (response?.ok) break;
      await sleep(500);
    }
  }
}

async function measure(
  databaseUrl: string,
  count: number,
  balancer: Balancer,
  instances: BenchApp[],
  groups: CpuQuotaGroup[],
  eventId: string,
  supporters: Supporter[],
): Promise<Run> {
  const used = instances.slice(0, count);
  await drained(used);
  await closedLoop(balancer.url, eventId, supporters, 2, count);
  await drained(used);
  const cpuBefore = used.map((instance) => cpuSeconds(instance.app.child.pid!) ?? 0);
  const throttleBefore = groups.slice(0, count).map((group) => group.usage());
  const ticksBefore = machineTicks();
  const startedAt = performance.now();
  const downsBefore = balancer.downs();
  const outside = [postgresBackends(databaseUrl), processGroup('generator', process.pid), processGroup('HAProxy', balancer.pid)];
  const { result, cpu } = await cpuDuring(outside, () => closedLoop(balancer.url, eventId, supporters, SCALEOUT.seconds, count));
  const elapsed = (performance.now() - startedAt) / 1000;
  const ticksAfter = machineTicks();
  const instanceCores = used.reduce((sum, instance, index) => sum + ((cpuSeconds(instance.app.child.pid!) ?? 0) - cpuBefore[index]!), 0) / elapsed;
  const throttle = groups.slice(0, count).map((group, index) => {
    const now = group.usage();
    return { periods: now.periods - throttleBefore[index]!.periods, throttled: now.throttledPeriods - throttleBefore[index]!.throttledPeriods };
  });
  const periods = throttle.reduce((sum, entry) => sum + entry.periods, 0);
  const statusCodes = result.statusCodeStats as Record<string, { count: number }> | undefined;
  return {
    instances: count,
    pledgesPerSecond: result['2xx'] / result.duration,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    rateLimited: statusCodes?.['429']?.count ?? 0,
    busy: statusCodes?.['503']?.count ?? 0,
    downs: balancer.downs() - downsBefore,
    idle: idleShare(ticksBefore, ticksAfter),
    instanceCores,
    throttledShare: periods ? throttle.reduce((sum, entry) => sum + entry.throttled, 0) / periods : 0,
    outsideMsPerPledge: perPledge(
      cpu.groups.map((group) => group.cores * cpu.seconds),
      result['2xx'],
    ),
  };
}

function perPledge([postgres = 0, generator = 0, balancer = 0]: number[], pledges: number) {
  const ms = (seconds: number) => (pledges ? (seconds * 1000) / pledges : 0);
  return { postgres: ms(postgres), generator: ms(generator), balancer: ms(balancer) };
}

export const scaleOutLines: string[] = [];

export async function scaleOutBench(databaseUrl: string): Promise<void> {
  const unavailable = cpuQuotaUnavailable();
  if (unavailable) {
    missed.push(`scale-out not measured: ${unavailable}`);
    return;
  }
  const jwtSecret = randomBytes(32).toString('hex');
  const stops: (() => Promise<void> | void)[] = [];
  try {
    const instances: BenchApp[] = [];
    // The first seeds the demo content and migrates; the others start on its database.
    for (const index of COUNTS) {
      const instance = await startApp(databaseUrl, { env: { JWT_SECRET: jwtSecret, SEED: index === 1 ? '1' : '0', LOG_LEVEL: 'warn' } });
      stops.unshift(async () => {
        await instance.app.stop();
        instance.cleanup();
      });
      instances.push(instance);
    }
    const supporters = await registerSupporters(instances[0]!.app.url, SCALEOUT.supporters);
    const eventId = await pledgeableCampaign(instances[0]!.app.url, supporters[0]!);
    const balancers: Balancer[] = [];
    for (const count of COUNTS) {
      const balancer = await startHaproxy(instances.slice(0, count).map((instance) => instance.app.url));
      if (!balancer) {
        missed.push('scale-out not measured: HAProxy is not installed (`apt-get install -y haproxy`)');
        return;
      }
      stops.unshift(() => balancer.stop());
      balancers.push(balancer);
    }
    // Set-up done at full speed; from here each instance has its quota.
    const groups = instances.map((instance, index) => cpuQuota(`pledgeway-bench-instance${index + 1}`, instance.app.child.pid!, SCALEOUT.quota));
    stops.unshift(() => groups.forEach((group) => group.remove()));

    // One round that is not counted: in every earlier run each count's first run was its slowest
    // (PostgreSQL's caches and the instances' compiled code still warming), pulling every median down.
    for (const count of COUNTS) {
      const warm = await measure(databaseUrl, count, balancers[count - 1]!, instances, groups, eventId, supporters);
      console.log(`scale-out warm-up (not counted), ${count} instance(s): ${warm.pledgesPerSecond.toFixed(0)} pledges/s`);
    }
    const runs: Run[] = [];
    for (let round = 1; round <= SCALEOUT.rounds; round += 1) {
      for (const count of COUNTS) {
        const run = await measure(databaseUrl, count, balancers[count - 1]!, instances, groups, eventId, supporters);
        console.log(
          `scale-out round ${round}, ${count} instance(s): ${run.pledgesPerSecond.toFixed(0)} pledges/s, p99 ${run.p99} ms, ${run.failed} failed (${run.busy} × 503), ${run.downs} instance(s) taken out, machine idle ${(run.idle * 100).toFixed(0)}%`,
        );
        runs.push(run);
      }
    }
    report(runs);
  } finally {
    for (const stop of stops) await stop();
  }
}

function report(runs: Run[]) {
  const byCount = new Map(COUNTS.map((count) => [count, runs.filter((run) => run.instances === count)]));
  const one = median(byCount.get(1)!.map((run) => run.pledgesPerSecond));
  const rows = COUNTS.map((count) => {
    const mine = byCount.get(count)!;
    const figure = median(mine.map((run) => run.pledgesPerSecond));
    const ratio = figure / one;
    const goal = GOALS[count];
    const met = goal === undefined || ratio >= goal;
    if (!met) missed.push(`scale-out: ${count} instances made ${ratio.toFixed(2)}× one instance's pledges (goal ≥ ${goal}×)`);
    const idle = mine.map((run) => `${(run.idle * 100).toFixed(0)}%`).join(', ');
    const lowIdle = mine.filter((run) => run.idle < IDLE_FLOOR).length;
    if (lowIdle) {
      notes.push(
        `Scale-out with ${count} instance(s): the machine was under ${IDLE_FLOOR * 100}% idle in ${lowIdle} of ${mine.length} runs: PostgreSQL or the generator may have limited them, not the quotas.`,
      );
    }
    const failed = mine.reduce((sum, run) => sum + run.failed, 0);
    const rateLimited = mine.reduce((sum, run) => sum + run.rateLimited, 0);
    const busy = mine.reduce((sum, run) => sum + run.busy, 0);
    const downs = mine.reduce((sum, run) => sum + run.downs, 0);
    if (rateLimited) missed.push(`scale-out: ${rateLimited} pledges answered 429 (the supporters' limit): raise BENCH_SCALEOUT_SUPPORTERS`);
    const cores = median(mine.map((run) => run.instanceCores));
    const throttled = median(mine.map((run) => run.throttledShare));
    const perCore = figure / (count * SCALEOUT.quota);
    const outside = (key: keyof Run['outsideMsPerPledge']) => median(mine.map((run) => run.outsideMsPerPledge[key])).toFixed(2);
    return `| ${count} | ${mine.map((run) => run.pledgesPerSecond.toFixed(0)).join(', ')} | **${figure.toFixed(0)}** | ${ratio.toFixed(2)}×${goal === undefined ? '' : ` (goal ≥ ${goal}×)${met ? '' : ' ✗'}`} | ${median(mine.map((run) => run.p99))} | ${failed}${rateLimited ? ` (${rateLimited} × 429)` : ''} (${busy} × 503; taken out ${downs} times) | ${idle}${lowIdle ? ' ✗' : ''} | ${cores.toFixed(2)} of ${(count * SCALEOUT.quota).toFixed(2)} (throttled in ${(throttled * 100).toFixed(0)}% of periods) | ${perCore.toFixed(0)} | ${outside('postgres')} / ${outside('generator')} / ${outside('balancer')} |`;
  });
  scaleOutLines.push(
    '',
    `Scale-out on PostgreSQL: closed-loop pledges on one campaign (${SCALEOUT.connectionsPerInstance} connections per instance, ${SCALEOUT.seconds} s a run after 2 s of warm-up) through HAProxy, each instance in its own cgroup with a quota of ${SCALEOUT.quota} core; PostgreSQL, HAProxy and the generator outside any quota. One uncounted warm-up round, then ${SCALEOUT.rounds} round${SCALEOUT.rounds === 1 ? '' : 's'} alternating 1, 2, 3 instances; the figure is each count's median.`,
    '',
    '| instances | pledges/s, each run | median | × one instance | p99 ms (median) | failed | machine idle, each run (≥ 10%) | instances\u2019 CPU, cores (median) | pledges/s per core of quota | CPU ms per pledge outside the quotas: PostgreSQL / generator / HAProxy (median) |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  );
}
