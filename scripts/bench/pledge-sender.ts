// The money bomb's pledge sender, in a process of its own: the open pages parse a thousand live
// messages at each tick, and a sender sharing their event loop sent its pledges late and read their
// answers late, which counted as the server's latency. Here the sender's loop does nothing else,
// and its own delay is reported beside the pledges' latency, so a slow answer is the server's.
//
// Before the bomb it opens its keep-alive connections (`warmConnections`), while the instance is
// quiet: a supporter pledges from the campaign page they have open, over the connection their
// browser already holds. A busy Node.js instance accepts one new connection per turn of its event
// loop (libuv 1.45 and later), so a crowd's new connections in the bomb's first seconds would
// queue for many seconds in the listen backlog (docs/performance.md, "Money bomb").
//
// `startPledgeSender` runs this file with tsx: the plan goes to its stdin as one line, it answers
// `warm` once its connections are open, starts on `go` and ends with its result as one line.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { ownLoopDelayDuring, type LoopDelay } from './loop-delay.ts';
import type { Supporter } from './pledges.ts';

export interface PledgeStreamInput {
  baseUrl: string;
  eventId: string;
  supporters: Supporter[];
  /** The money bomb's rate and length. */
  plan: { pledgesPerSecond: number; seconds: number };
}

export interface PledgeStreamResult {
  sent: number;
  acknowledged: number;
  failures: Record<string, number>;
  /** When the first pledge was due and the last was acknowledged, on the caller's `performance.now()` clock. */
  started: number;
  lastAck: number;
  p50: number;
  p99: number;
  delay: LoopDelay;
  cpuSeconds: number;
}

const percentile = (sorted: number[], share: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]! : 0);

/** The most connections the sender holds. */
const MAX_SOCKETS = 512;

/** Keep-alive connections opened before the bomb: a second of pledges at the goal's rate, at least 200. */
export const warmConnections = (pledgesPerSecond: number) => Math.min(MAX_SOCKETS, Math.max(200, pledgesPerSecond));

/** Opens `count` keep-alive connections to the instance (each a health check), left open in the agent for the pledges. */
async function warm(agent: http.Agent, baseUrl: string, count: number): Promise<void> {
  const health = new URL('/api/health', baseUrl);
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          const request = http.get(health, { agent }, (response) => {
            response.resume();
            response.on('end', () => resolve());
          });
          request.on('error', reject);
        }),
    ),
  );
}

/**
 * Pledges at `pledgesPerSecond`, each due at its own moment whether or not earlier ones were
 * answered (open loop). Supporters in turn, each with a fresh Idempotency-Key.
 */
async function pledgeStream(agent: http.Agent, { baseUrl, eventId, supporters, plan }: PledgeStreamInput) {
  const target = new URL(`${baseUrl}/api/events/${eventId}/pledges`);
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let acknowledged = 0;
  let lastAck = 0;
  const total = Math.round(plan.pledgesPerSecond * plan.seconds);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  const send = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      const supporter = supporters[index % supporters.length]!;
      const body = JSON.stringify({ amount: 10, tip_percent: 0, payment_method_id: supporter.cardId });
      const request = http.request(
        target,
        {
          method: 'POST',
          agent,
          timeout: 60_000,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${supporter.accessToken}`,
            'idempotency-key': randomUUID(),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const now = performance.now();
            if (response.statusCode === 201) {
              acknowledged += 1;
              latencies.push(now - due);
              lastAck = Math.max(lastAck, now);
            } else {
              failures[String(response.statusCode)] = (failures[String(response.statusCode)] ?? 0) + 1;
            }
            resolve();
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        failures[error.code ?? error.message] = (failures[error.code ?? error.message] ?? 0) + 1;
        resolve();
      });
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.end(body);
    });
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      const due = Math.min(total, Math.floor(elapsed * plan.pledgesPerSecond));
      while (sent < due) {
        inFlight.push(send(sent, started + (sent / plan.pledgesPerSecond) * 1000));
        sent += 1;
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return { sent, acknowledged, failures, lastAck, started, p50: Math.round(percentile(latencies, 0.5)), p99: Math.round(percentile(latencies, 0.99)) };
}

/** The pledge sender's process, started and warmed: `go()` starts the bomb and answers its result on this process's clock. */
export async function startPledgeSender(input: PledgeStreamInput): Promise<{ go(): Promise<PledgeStreamResult> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.stdin.write(`${JSON.stringify(input)}\n`);
  const next = async (what: string) => {
    const line = await lines.next();
    if (line.done) throw new Error(`the pledge sender exited with ${await exited} before its ${what}`);
    return line.value;
  };
  if ((await next('warm-up')) !== 'warm') throw new Error('the pledge sender did not warm up');
  return {
    async go() {
      child.stdin.end('go\n');
      const result = JSON.parse(await next('result')) as PledgeStreamResult;
      // The child's times are on the shared wall clock (its time origin plus its now).
      const local = (at: number) => (at ? at - performance.timeOrigin : 0);
      return { ...result, started: local(result.started), lastAck: local(result.lastAck) };
    },
  };
}

async function runAsChild(): Promise<void> {
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const input = JSON.parse((await lines.next()).value as string) as PledgeStreamInput;
  // maxFreeSockets too: Node keeps at most 256 idle connections by default and closes the rest.
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, maxFreeSockets: MAX_SOCKETS });
  await warm(agent, input.baseUrl, warmConnections(input.plan.pledgesPerSecond));
  process.stdout.write('warm\n');
  // The bench ended without starting the bomb (its stdin closed): nothing is sent.
  if ((await lines.next()).done) return;
  const cpuBefore = process.cpuUsage();
  const { result, delay } = await ownLoopDelayDuring(() => pledgeStream(agent, input));
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  const wall = (at: number) => (at ? performance.timeOrigin + at : 0);
  const answer: PledgeStreamResult = {
    ...result,
    started: wall(result.started),
    lastAck: wall(result.lastAck),
    delay,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runAsChild();
