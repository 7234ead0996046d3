// A money bomb (issue 21): one campaign, N pages open on its live stream, each running the web
// page's own live logic and sending the reads it would (decision 129), pledges at a steady rate
// from supporters with saved cards, and 50 connections reading the campaign's API and its
// server-rendered page meanwhile. Measures what a supporter and a visitor see: pledges
// acknowledged (and stored: the campaign's count moves by exactly that many), pledge latency from
// the moment each was due (a slow server cannot hide behind a slower sender), read latency, how soon
// every open page shows the final totals after the last pledge, messages per page, and the server's
// memory before the pages opened and after they closed.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { renderedPageCache } from './live-page.ts';
import type { LoopDelay } from './loop-delay.ts';
import { currentTotals, openPages, pageReadsOf, totalsWithEveryPledge, type PageReads } from './open-pages.ts';
import { startPledgeSender } from './pledge-sender.ts';
import type { Supporter } from './pledges.ts';

export interface MoneyBombPlan {
  pages: number;
  pledgesPerSecond: number;
  seconds: number;
  /** Connections reading the API and the HTML page, split evenly. */
  readers: number;
}

export interface MoneyBombResult {
  plan: MoneyBombPlan;
  sent: number;
  acknowledged: number;
  /** Failed pledges by answer (status code, or the network error). */
  failures: Record<string, number>;
  /** How far the campaign's pledge count moved: equal to `acknowledged` unless a pledge was lost or double-counted. */
  stored: number;
  pledgeP50: number;
  pledgeP99: number;
  api: { rps: number; p99: number; errors: number };
  html: { rps: number; p99: number; errors: number };
  /** Pages showing the final totals within 1 s of the last acknowledgement, and the slowest one's lag. */
  pagesCurrent: number;
  pagesOpened: number;
  slowestPageMs: number;
  /** Most totals messages one page received during the bomb, and what one per 100 ms allows. */
  maxMessagesPerPage: number;
  messagesAllowed: number;
  /** The pledge sender's own process: its event-loop delay and the cores it used (it shares neither with the pages). */
  sender: { delay: LoopDelay; cpuSeconds: number };
  /** The lists' reads the open pages sent (the web page's rule), all pages together, the most of one list by one page, and what the rule allows. */
  pageReads: PageReads;
}

interface AutocannonSummary {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** autocannon in its own process, so its work does not slow the pledge sender or the pages. */
function readers(root: string, url: string, connections: number, seconds: number): Promise<{ rps: number; p99: number; errors: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/autocannon/autocannon.js'), '-c', String(connections), '-d', String(seconds), '-t', '30', '-j', url],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        const summary = JSON.parse(output) as AutocannonSummary;
        resolve({ rps: Math.round(summary.requests.average), p99: summary.latency.p99, errors: summary.errors + summary.timeouts + summary.non2xx });
      } catch {
        reject(new Error(`autocannon printed no summary for ${url}`));
      }
    });
  });
}

export interface MoneyBombTarget {
  /** Where pledges and reads go (the instance, or the load balancer in front of several). */
  baseUrl: string;
  /** Where pages open their live stream (the same, or each instance in turn). */
  pageBaseUrls: string[];
  eventId: string;
  supporters: Supporter[];
  root: string;
}

export async function moneyBomb(target: MoneyBombTarget, plan: MoneyBombPlan): Promise<MoneyBombResult> {
  const liveUrls = target.pageBaseUrls.map((base) => `${base}/api/events/${target.eventId}/live`);
  const before = JSON.parse(await currentTotals(liveUrls[0]!)) as { pledge_count: number };
  // The pages' reads share keep-alive connections, as a browser's do (six per site each; pooled here).
  const readAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const rendered = await renderedPageCache(target.baseUrl, target.eventId, readAgent);
  const pages = await openPages(liveUrls, plan.pages, { rendered, baseUrl: target.baseUrl, eventId: target.eventId, agent: readAgent });
  // Its connections open before the readers load the instance (pledge-sender.ts).
  const sender = await startPledgeSender({ baseUrl: target.baseUrl, eventId: target.eventId, supporters: target.supporters, plan });
  try {
    const apiReaders = readers(target.root, `${target.baseUrl}/api/events/show/${target.eventId}`, Math.ceil(plan.readers / 2), plan.seconds);
    const htmlReaders = readers(target.root, `${target.baseUrl}/events/${target.eventId}`, Math.floor(plan.readers / 2), plan.seconds);
    const stream = await sender.go();
    const [api, html] = await Promise.all([apiReaders, htmlReaders]);
    const truth = await totalsWithEveryPledge(liveUrls[0]!, before.pledge_count + stream.acknowledged);
    // Pages get a second past the last acknowledgement (and the truth's own read) to catch up.
    const deadline = Math.max(stream.lastAck, performance.now()) + 1000;
    while (performance.now() < deadline && pages.some((page) => page.shown(truth, stream.started) === undefined)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    let pagesCurrent = 0;
    let slowestPageMs = 0;
    for (const page of pages) {
      const at = page.shown(truth, stream.started);
      if (at === undefined) continue;
      const lag = Math.max(0, at - stream.lastAck);
      if (lag <= 1000) pagesCurrent += 1;
      slowestPageMs = Math.max(slowestPageMs, Math.round(lag));
    }
    const windowEnd = Math.max(stream.lastAck, performance.now());
    const maxMessagesPerPage = Math.max(...pages.map((page) => page.messages.filter((message) => message.at >= stream.started).length));
    const after = JSON.parse(truth) as { pledge_count: number };
    return {
      plan,
      sent: stream.sent,
      acknowledged: stream.acknowledged,
      failures: stream.failures,
      stored: after.pledge_count - before.pledge_count,
      pledgeP50: stream.p50,
      pledgeP99: stream.p99,
      api,
      html,
      pagesCurrent,
      pagesOpened: pages.length,
      slowestPageMs,
      maxMessagesPerPage,
      messagesAllowed: Math.ceil((windowEnd - stream.started) / 100) + 1,
      pageReads: pageReadsOf(pages),
      sender: { delay: stream.delay, cpuSeconds: stream.cpuSeconds },
    };
  } finally {
    for (const page of pages) page.close();
    readAgent.destroy();
  }
}
