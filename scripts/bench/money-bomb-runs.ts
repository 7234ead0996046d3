// The money bomb of issue 21 on each database (`BENCH_ONLY=moneybomb`); the scale-out and fault runs
// with several instances behind HAProxy are scaleout.ts and fault.ts. Full size by default; for working on
// the path, BENCH_MONEYBOMB_SCALE (for example 0.2) shrinks the open pages and the seconds, never
// the pledge rate.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { root, startApp, type BenchApp, type Memory } from './app.ts';
import { moneyBomb, type MoneyBombPlan, type MoneyBombResult } from './money-bomb.ts';
import { pledgeableCampaign, registerSupporters, type Supporter } from './pledges.ts';
import { missed, notes } from './report.ts';
import { waitsDuring, waitsLine } from './pg-waits.ts';
import { loopDelayText, ownLoopDelayDuring, scrapeInstance, serverSideLatency } from './loop-delay.ts';
import { cpuDuring, cpuLine, postgresBackends, processGroup } from './cpu.ts';

const scale = Number(process.env.BENCH_MONEYBOMB_SCALE ?? 1);
const sized = (plan: MoneyBombPlan): MoneyBombPlan => ({
  ...plan,
  pages: Math.max(1, Math.round(plan.pages * scale)),
  seconds: Math.max(3, Math.round(plan.seconds * scale)),
});

interface Budget {
  pledgeP99: number;
  apiP99?: number;
  htmlP99: number;
}

/** Issue 21's goals. */
export const PLANS = {
  embedded: { plan: sized({ pages: 200, pledgesPerSecond: 100, seconds: 30, readers: 50 }), budget: { pledgeP99: 500, htmlP99: 500 } },
  postgres: { plan: sized({ pages: 1000, pledgesPerSecond: 200, seconds: 60, readers: 50 }), budget: { pledgeP99: 300, apiP99: 100, htmlP99: 200 } },
  /**
   * The next goal (`BENCH_ONLY=nextbomb`): three times the pages, two and a half times the pledges,
   * the same budgets. Its instance's query pool is sized for 500 pledges a second (decision 280).
   */
  postgresNext: {
    plan: sized({ pages: 3000, pledgesPerSecond: 500, seconds: 60, readers: 50 }),
    budget: { pledgeP99: 300, apiP99: 100, htmlP99: 200 },
    poolSize: 60,
  },
} satisfies Record<string, { plan: MoneyBombPlan; budget: Budget; poolSize?: number }>;

/** A supporter may pledge 30 times a minute: enough of them that each pledges at most 20 times in the bomb's minute. */
const supportersFor = (plan: MoneyBombPlan) => Math.max(50, Math.ceil((plan.pledgesPerSecond * Math.min(60, plan.seconds)) / 20));

interface Row {
  label: string;
  result: MoneyBombResult;
  budget: Budget;
  memory: MemoryAfterBomb;
}

interface MemoryAfterBomb {
  /** Right after a full garbage collection, before the pages open. */
  before: Memory;
  /** 3 s after the pages closed: their sockets are gone, the bomb's garbage mostly not yet collected. */
  soon: Memory;
  /** The first sample back within 20% of RSS before, or the last one SETTLE_SECONDS after the pages closed. */
  settled: Memory;
  settledAfterSeconds: number;
  /** After a full garbage collection at the end: the heap the bomb left retained. */
  collected: Memory;
}
const rows: Row[] = [];

const mark = (ok: boolean) => (ok ? '' : ' ✗');

function check(row: Row) {
  const { result, budget, label } = row;
  const where = `money bomb on ${label}`;
  const failed = Object.entries(result.failures).map(([answer, count]) => `${count} × ${answer}`);
  if (result.acknowledged !== result.sent) missed.push(`${where}: ${result.acknowledged} of ${result.sent} pledges acknowledged (${failed.join(', ')})`);
  if (result.stored !== result.acknowledged)
    missed.push(`${where}: the campaign's pledge count moved by ${result.stored}, ${result.acknowledged} were acknowledged`);
  if (result.pledgeP99 > budget.pledgeP99) missed.push(`${where}: pledge p99 ${result.pledgeP99} ms (budget ≤ ${budget.pledgeP99} ms)`);
  if (budget.apiP99 !== undefined && result.api.p99 > budget.apiP99) missed.push(`${where}: API read p99 ${result.api.p99} ms (budget ≤ ${budget.apiP99} ms)`);
  if (result.html.p99 > budget.htmlP99) missed.push(`${where}: HTML page p99 ${result.html.p99} ms (budget ≤ ${budget.htmlP99} ms)`);
  if (result.pagesCurrent !== result.pagesOpened) {
    missed.push(`${where}: ${result.pagesCurrent} of ${result.pagesOpened} open pages current within 1 s of the last pledge`);
  }
  if (result.pageReads.mostOfOneList > result.pageReads.allowedPerList) {
    missed.push(
      `${where}: a page read one list ${result.pageReads.mostOfOneList} times (the live read rule allows ${result.pageReads.allowedPerList}, decision 129)`,
    );
  }
  if (result.maxMessagesPerPage > result.messagesAllowed) {
    missed.push(`${where}: a page got ${result.maxMessagesPerPage} messages (one per 100 ms allows ${result.messagesAllowed})`);
  }
  const { before, settled, settledAfterSeconds } = row.memory;
  if (settled.rssMb > before.rssMb * 1.2) {
    missed.push(`${where}: RSS ${before.rssMb} MB before, ${settled.rssMb} MB ${settledAfterSeconds} s after the pages closed (budget: within 20%)`);
  }
}

export function moneyBombTable(): string {
  if (!rows.length) return 'Not run in this run (BENCH_ONLY).';
  const header = [
    '| database | open pages | pledges/s × s | acknowledged / sent (stored) | pledge p50 / p99 ms (budget) | API read under load: req/s, p99 ms (budget) | HTML page under load: req/s, p99 ms (budget) | pages current ≤ 1 s after the last pledge (slowest) | messages per page, most (≤ 1 per 100 ms) | reads of the lists by the open pages: all; the page nearest the read rule, its most of one list (≤ the rule over its time open) | server RSS MB before → 3 s → settled after the pages closed (≤ +20%) → after a full collection | V8 heap used MB after a full collection, before → after |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const lines = rows.map(({ label, result: r, budget, memory: m }) => {
    const acknowledged = `${r.acknowledged} / ${r.sent} (${r.stored})${mark(r.acknowledged === r.sent && r.stored === r.acknowledged)}`;
    const pledge = `${r.pledgeP50} / ${r.pledgeP99} (≤ ${budget.pledgeP99})${mark(r.pledgeP99 <= budget.pledgeP99)}`;
    const api = `${r.api.rps}, ${r.api.p99}${budget.apiP99 === undefined ? '' : ` (≤ ${budget.apiP99})${mark(r.api.p99 <= budget.apiP99)}`}${r.api.errors ? `, ${r.api.errors} errors` : ''}`;
    const html = `${r.html.rps}, ${r.html.p99} (≤ ${budget.htmlP99})${mark(r.html.p99 <= budget.htmlP99)}${r.html.errors ? `, ${r.html.errors} errors` : ''}`;
    const pages = `${r.pagesCurrent} / ${r.pagesOpened} (${r.slowestPageMs} ms)${mark(r.pagesCurrent === r.pagesOpened)}`;
    const messages = `${r.maxMessagesPerPage} (≤ ${r.messagesAllowed})${mark(r.maxMessagesPerPage <= r.messagesAllowed)}`;
    const reads = `${r.pageReads.total}, ${r.pageReads.mostOfOneList} (≤ ${r.pageReads.allowedPerList})${mark(r.pageReads.mostOfOneList <= r.pageReads.allowedPerList)}${r.pageReads.errors ? `, ${r.pageReads.errors} failed` : ''}`;
    const rss = `${m.before.rssMb} → ${m.soon.rssMb} → ${m.settled.rssMb} (${m.settledAfterSeconds} s)${mark(m.settled.rssMb <= m.before.rssMb * 1.2)} → ${m.collected.rssMb}`;
    const heap = `${m.before.heapUsedMb ?? '?'} → ${m.collected.heapUsedMb ?? '?'}`;
    return `| ${label} | ${r.plan.pages} | ${r.plan.pledgesPerSecond} × ${r.plan.seconds} | ${acknowledged} | ${pledge} | ${api} | ${html} | ${pages} | ${messages} | ${reads} | ${rss} | ${heap} |`;
  });
  return [...header, ...lines].join('\n');
}

async function setUp(baseUrl: string, count: number): Promise<{ supporters: Supporter[]; eventId: string }> {
  const supporters = await registerSupporters(baseUrl, count);
  return { supporters, eventId: await pledgeableCampaign(baseUrl, supporters[0]!) };
}

/**
 * How long the bench waits for the server's memory to come back after the pages close. V8's
 * memory reducer looks every 8 s and starts only once the allocation rate it averages has fallen
 * low: about 50 s after a 30 s bomb here (`--trace-memory-reducer`), longer after a minute's.
 */
const SETTLE_SECONDS = 120;

/** One instance's memory, or several instances' summed. */
interface MemoryOf {
  sample(): Promise<Memory>;
  collectGarbage(): Promise<void>;
}

function memoryOf(...instances: BenchApp[]): MemoryOf {
  return {
    async sample() {
      const each = await Promise.all(instances.map((instance) => instance.memory()));
      const heaps = each.map((memory) => memory.heapUsedMb);
      const heapUsedMb = heaps.every((heap) => heap !== undefined) ? heaps.reduce((sum, heap) => sum + heap, 0) : undefined;
      return { rssMb: each.reduce((sum, memory) => sum + memory.rssMb, 0), heapUsedMb };
    },
    async collectGarbage() {
      await Promise.all(instances.map((instance) => instance.inspector?.collectGarbage()));
    },
  };
}

/** Before the pages open: after a full collection, so the heap in use is what the server retains. */
async function memoryBeforeBomb(of: MemoryOf): Promise<Memory> {
  await of.collectGarbage();
  return of.sample();
}

/**
 * The server's memory after the pages closed. Their sockets go at once, but the bomb's garbage
 * stays in V8's old generation until its next full collection, which an idle server starts on its
 * own only once allocation has stayed low for a while (V8's memory reducer): RSS 3 s after, then
 * each second until it is back within 20% of before or SETTLE_SECONDS have passed. Then one full
 * collection: objects the bomb left retained (subscribers, caches, per-page state) stay in the heap.
 */
async function memoryAfterPagesClosed(before: Memory, of: MemoryOf): Promise<MemoryAfterBomb> {
  await sleep(3000);
  const soon = await of.sample();
  let settled = soon;
  let settledAfterSeconds = 3;
  while (settled.rssMb > before.rssMb * 1.2 && settledAfterSeconds < SETTLE_SECONDS) {
    await sleep(1000);
    settledAfterSeconds += 1;
    settled = await of.sample();
  }
  await of.collectGarbage();
  return { before, soon, settled, settledAfterSeconds, collected: await of.sample() };
}

export async function embeddedMoneyBomb(): Promise<void> {
  const { plan, budget } = PLANS.embedded;
  const instance = await startApp(undefined, { inspect: true });
  const { app, cleanup } = instance;
  try {
    const { supporters, eventId } = await setUp(app.url, supportersFor(plan));
    const before = await memoryBeforeBomb(memoryOf(instance));
    const { result, cpu } = await cpuDuring([processGroup('the instance', app.child.pid), processGroup('the load generator and its pages', process.pid)], () =>
      moneyBomb({ baseUrl: app.url, pageBaseUrls: [app.url], eventId, supporters, root }, plan),
    );
    notes.push(
      `Money bomb, embedded: ${cpuLine(cpu)}.`,
      `Money bomb, embedded: event-loop delay of the pledge sender's own process ${loopDelayText(result.sender.delay)} (${senderCores(result, cpu.seconds)} cores).`,
    );
    const row = { label: 'embedded', result, budget, memory: await memoryAfterPagesClosed(before, memoryOf(instance)) };
    rows.push(row);
    check(row);
  } finally {
    await app.stop();
    cleanup();
  }
}

/** The cores the pledge sender's own process used over the measured seconds (not in the groups: it ends before they are read). */
const senderCores = (result: MoneyBombResult, seconds: number) => (result.sender.cpuSeconds / seconds).toFixed(2);

/**
 * The money bomb on one PostgreSQL instance, with where the time went: each process group's share
 * of the cores, what the database's backends waited on, and both event loops' delay, so that a
 * missed budget names its limit.
 */
async function singleInstanceBomb(
  on: { instance: BenchApp; databaseUrl: string; metricsToken: string; eventId: string; supporters: Supporter[] },
  label: string,
  plan: MoneyBombPlan,
  budget: Budget,
): Promise<void> {
  const { instance, databaseUrl, metricsToken, eventId, supporters } = on;
  const before = await memoryBeforeBomb(memoryOf(instance));
  const groups = [
    processGroup('the instance', instance.app.child.pid),
    postgresBackends(databaseUrl),
    processGroup('the load generator and its pages', process.pid),
  ];
  const scrapedBefore = await scrapeInstance(instance.app.url, metricsToken); // also resets the instance's loop histogram
  const { result: measured, cpu } = await cpuDuring(groups, () =>
    waitsDuring(databaseUrl, () =>
      ownLoopDelayDuring(() => moneyBomb({ baseUrl: instance.app.url, pageBaseUrls: [instance.app.url], eventId, supporters, root }, plan)),
    ),
  );
  const { result, delay: benchDelay } = measured.result;
  const scrapedAfter = await scrapeInstance(instance.app.url, metricsToken);
  notes.push(
    `Money bomb, ${label}: ${cpuLine(cpu)}.`,
    `Money bomb, ${label}: ${waitsLine(measured.waits)}.`,
    `Money bomb, ${label}: event-loop delay of the instance ${loopDelayText(scrapedAfter?.delay)}; of the open pages' process ${loopDelayText(benchDelay)}; of the pledge sender's own process ${loopDelayText(result.sender.delay)} (${senderCores(result, cpu.seconds)} cores).`,
    `Money bomb, ${label}: pledges as the instance timed them (its request histogram): ${serverSideLatency(scrapedBefore, scrapedAfter, '/api/events/:id/pledges')}.`,
  );
  const row = { label, result, budget, memory: await memoryAfterPagesClosed(before, memoryOf(instance)) };
  rows.push(row);
  check(row);
}

/** PostgreSQL: the money bomb on one instance (issue 21's goal, or with `next` its next goal). */
export async function postgresMoneyBomb(databaseUrl: string, runs: { next?: boolean } = {}): Promise<void> {
  const goal: { plan: MoneyBombPlan; budget: Budget; poolSize?: number } = runs.next ? PLANS.postgresNext : PLANS.postgres;
  const { plan, budget } = goal;
  // The instance's /metrics, for its event-loop delay during the bomb.
  const metricsToken = randomBytes(16).toString('hex');
  // DATABASE_POOL_SIZE on the bench's command line, for trying another size, comes before the plan's.
  const poolSize = process.env.DATABASE_POOL_SIZE ?? goal.poolSize?.toString();
  const pool = poolSize ? { DATABASE_POOL_SIZE: poolSize } : {};
  const first = await startApp(databaseUrl, { env: { METRICS_TOKEN: metricsToken, ...pool }, inspect: true });
  try {
    const { supporters, eventId } = await setUp(first.app.url, supportersFor(plan));
    const label = runs.next ? 'PostgreSQL, next goal' : 'PostgreSQL';
    notes.push(`Money bomb, ${label}: the instance's query pool ${poolSize ? `set to ${poolSize}` : 'at its default'} (DATABASE_POOL_SIZE).`);
    await singleInstanceBomb({ instance: first, databaseUrl, metricsToken, eventId, supporters }, label, plan, budget);
  } finally {
    await first.app.stop();
    first.cleanup();
  }
}
