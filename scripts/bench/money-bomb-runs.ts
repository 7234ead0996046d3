// The money bomb of issue 21 on each database, and on PostgreSQL the same behind HAProxy with two
// instances (`BENCH_ONLY=moneybomb`, `BENCH_ONLY=scaleout`). Full size by default; for working on
// the path, BENCH_MONEYBOMB_SCALE (for example 0.2) shrinks the open pages and the seconds, never
// the pledge rate.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { root, startApp } from './app.ts';
import { startHaproxy } from './haproxy.ts';
import { load } from './load.ts';
import { moneyBomb, type MoneyBombPlan, type MoneyBombResult } from './money-bomb.ts';
import { pledgeableCampaign, pledgeRequests, registerSupporters, type Supporter } from './pledges.ts';
import { missed, notes } from './report.ts';

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
} satisfies Record<string, { plan: MoneyBombPlan; budget: Budget }>;

/** A supporter may pledge 30 times a minute: enough of them that each pledges at most 20 times in the bomb's minute. */
const supportersFor = (plan: MoneyBombPlan) => Math.max(50, Math.ceil((plan.pledgesPerSecond * Math.min(60, plan.seconds)) / 20));

interface Row {
  label: string;
  result: MoneyBombResult;
  budget: Budget;
  rssBefore: number;
  rssAfter: number;
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
  if (result.maxMessagesPerPage > result.messagesAllowed) {
    missed.push(`${where}: a page got ${result.maxMessagesPerPage} messages (one per 100 ms allows ${result.messagesAllowed})`);
  }
  if (row.rssAfter > row.rssBefore * 1.2)
    missed.push(`${where}: RSS ${row.rssBefore} MB before, ${row.rssAfter} MB after the pages closed (budget: within 20%)`);
}

export function moneyBombTable(): string {
  if (!rows.length) return 'Not run in this run (BENCH_ONLY).';
  const header = [
    '| database | open pages | pledges/s × s | acknowledged / sent (stored) | pledge p50 / p99 ms (budget) | API read under load: req/s, p99 ms (budget) | HTML page under load: req/s, p99 ms (budget) | pages current ≤ 1 s after the last pledge (slowest) | messages per page, most (≤ 1 per 100 ms) | server RSS MB before → after pages closed (≤ +20%) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const lines = rows.map(({ label, result: r, budget, rssBefore, rssAfter }) => {
    const acknowledged = `${r.acknowledged} / ${r.sent} (${r.stored})${mark(r.acknowledged === r.sent && r.stored === r.acknowledged)}`;
    const pledge = `${r.pledgeP50} / ${r.pledgeP99} (≤ ${budget.pledgeP99})${mark(r.pledgeP99 <= budget.pledgeP99)}`;
    const api = `${r.api.rps}, ${r.api.p99}${budget.apiP99 === undefined ? '' : ` (≤ ${budget.apiP99})${mark(r.api.p99 <= budget.apiP99)}`}${r.api.errors ? `, ${r.api.errors} errors` : ''}`;
    const html = `${r.html.rps}, ${r.html.p99} (≤ ${budget.htmlP99})${mark(r.html.p99 <= budget.htmlP99)}${r.html.errors ? `, ${r.html.errors} errors` : ''}`;
    const pages = `${r.pagesCurrent} / ${r.pagesOpened} (${r.slowestPageMs} ms)${mark(r.pagesCurrent === r.pagesOpened)}`;
    const messages = `${r.maxMessagesPerPage} (≤ ${r.messagesAllowed})${mark(r.maxMessagesPerPage <= r.messagesAllowed)}`;
    const rss = `${rssBefore} → ${rssAfter}${mark(rssAfter <= rssBefore * 1.2)}`;
    return `| ${label} | ${r.plan.pages} | ${r.plan.pledgesPerSecond} × ${r.plan.seconds} | ${acknowledged} | ${pledge} | ${api} | ${html} | ${pages} | ${messages} | ${rss} |`;
  });
  return [...header, ...lines, ...scaleOutLines].join('\n');
}

const scaleOutLines: string[] = [];

async function setUp(baseUrl: string, count: number): Promise<{ supporters: Supporter[]; eventId: string }> {
  const supporters = await registerSupporters(baseUrl, count);
  return { supporters, eventId: await pledgeableCampaign(baseUrl, supporters[0]!) };
}

/** The pages close, the server's sockets and buffers go: RSS a few seconds later. */
async function rssAfterPagesClosed(rss: () => number): Promise<number> {
  await sleep(3000);
  return rss();
}

export async function embeddedMoneyBomb(): Promise<void> {
  const { plan, budget } = PLANS.embedded;
  const { app, cleanup } = await startApp(undefined);
  try {
    const { supporters, eventId } = await setUp(app.url, supportersFor(plan));
    const rssBefore = app.rssMb();
    const result = await moneyBomb({ baseUrl: app.url, pageBaseUrls: [app.url], eventId, supporters, root }, plan);
    const row = { label: 'embedded', result, budget, rssBefore, rssAfter: await rssAfterPagesClosed(() => app.rssMb()) };
    rows.push(row);
    check(row);
  } finally {
    await app.stop();
    cleanup();
  }
}

/** Pledges a second with as many as `connections` at once for the bench's seconds (closed loop). */
async function pledgeThroughput(baseUrl: string, eventId: string, supporters: Supporter[]) {
  const result = await load(`${baseUrl}/api/events/${eventId}/pledges`, 100, { method: 'POST', setupRequest: pledgeRequests(supporters), timeout: 30 });
  return result;
}

/**
 * PostgreSQL: the money bomb on one instance; with `scaleOut`, pledge throughput on that instance
 * alone and then on two behind HAProxy, and the money bomb through HAProxy with pages on both.
 */
export async function postgresMoneyBomb(databaseUrl: string, runs: { single: boolean; scaleOut: boolean }): Promise<void> {
  const { plan, budget } = PLANS.postgres;
  const jwtSecret = randomBytes(32).toString('hex');
  const first = await startApp(databaseUrl, { env: { JWT_SECRET: jwtSecret } });
  const stops: (() => Promise<void>)[] = [
    async () => {
      await first.app.stop();
      first.cleanup();
    },
  ];
  try {
    const { supporters, eventId } = await setUp(first.app.url, supportersFor(plan));
    if (runs.single) {
      const rssBefore = first.app.rssMb();
      const result = await moneyBomb({ baseUrl: first.app.url, pageBaseUrls: [first.app.url], eventId, supporters, root }, plan);
      const row = { label: 'PostgreSQL', result, budget, rssBefore, rssAfter: await rssAfterPagesClosed(() => first.app.rssMb()) };
      rows.push(row);
      check(row);
    }
    if (!runs.scaleOut) return;
    // Each supporter's pledge window is a minute: the runs below start new ones.
    if (runs.single) await sleep(61_000);
    const alone = await pledgeThroughput(first.app.url, eventId, supporters);
    const second = await startApp(databaseUrl, { env: { JWT_SECRET: jwtSecret, SEED: '0' } });
    stops.unshift(async () => {
      await second.app.stop();
      second.cleanup();
    });
    const balancer = await startHaproxy([first.app.url, second.app.url]);
    if (!balancer) {
      missed.push('scale-out not measured: HAProxy is not installed (`apt-get install -y haproxy`)');
      return;
    }
    stops.unshift(() => balancer.stop());
    const pair = await pledgeThroughput(balancer.url, eventId, supporters);
    const ratio = pair.rps / alone.rps;
    scaleOutLines.push(
      '',
      `Scale-out, pledge throughput (100 connections, closed loop): one instance ${alone.rps} pledges/s (p99 ${alone.p99} ms, ${alone.errors} errors); two behind HAProxy ${pair.rps} pledges/s (p99 ${pair.p99} ms, ${pair.errors} errors): ${ratio.toFixed(2)}× (budget ≥ 1.6×)${mark(ratio >= 1.6)}.`,
    );
    if (ratio < 1.6) missed.push(`scale-out: two instances made ${ratio.toFixed(2)}× one instance's pledge throughput (budget ≥ 1.6×)`);
    await sleep(61_000);
    const rssBefore = first.app.rssMb() + second.app.rssMb();
    // Pages open through the balancer too: it sends them to the instances in turn.
    const result = await moneyBomb({ baseUrl: balancer.url, pageBaseUrls: [balancer.url], eventId, supporters, root }, plan);
    const row = {
      label: 'PostgreSQL, 2 instances behind HAProxy',
      result,
      budget,
      rssBefore,
      rssAfter: await rssAfterPagesClosed(() => first.app.rssMb() + second.app.rssMb()),
    };
    rows.push(row);
    check(row);
    notes.push("The two-instance row sums both instances' RSS.");
  } finally {
    for (const stop of stops) await stop();
  }
}
