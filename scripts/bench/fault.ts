// The fault run (`BENCH_ONLY=fault`, PostgreSQL only): three instances of the production build
// behind HAProxy, live pages open through it, a stream of pledges on a demo campaign; one instance
// is killed (SIGKILL) halfway through the stream. The campaign is then completed and charged, and a
// second instance killed once a third of the run is charged; the one left finishes it, after the
// killed instance's claims on its pledges have passed their lease (a minute, decision 091: the run
// waits for it here, where the test apps/api/src/faults/instance-killed.test.ts dates them back).
// Each goal is printed beside its result (apps/api/src/faults/instance-killed.ts checks them).
//
// Settings: BENCH_FAULT_PAGES (300), BENCH_FAULT_RATE (pledges a second, 100), BENCH_FAULT_SECONDS
// (20), BENCH_FAULT_CHARGE_RATE (charges a second, all instances together, 100).
// BENCH_MONEYBOMB_SCALE shrinks the pages and the seconds, never the rates.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { chargeRunWithKill, checkChargeRun, checkPledgeStream, formatChecks, pledgeStream, type Check } from '../../apps/api/src/faults/instance-killed.ts';
import { currentTotals, LivePage } from '../../apps/api/src/faults/live-page-client.ts';
import { startApp, type BenchApp } from './app.ts';
import { startHaproxy } from './haproxy.ts';
import { registerSupporters } from './pledges.ts';
import { missed } from './report.ts';

const scale = Number(process.env.BENCH_MONEYBOMB_SCALE ?? 1);
const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got ${process.env[name]})`);
  return value;
};
const FAULT = {
  pages: Math.max(6, Math.round(setting('BENCH_FAULT_PAGES', 300) * scale)),
  perSecond: setting('BENCH_FAULT_RATE', 100),
  seconds: Math.max(4, Math.round(setting('BENCH_FAULT_SECONDS', 20) * scale)),
  chargeRate: setting('BENCH_FAULT_CHARGE_RATE', 100),
};
// A demo Money Bomb, All donations, created by Ava: charged whatever its total (as in charge-run.ts).
const CAMPAIGN = '72-Hour Pantry Restock';
const CREATOR = { email: 'ava@pledgeway.org', password: 'Ava-demo-2026' };
const ADMIN = { email: 'admin@pledgeway.org', password: 'Admin-demo-2026' };

export const faultLines: string[] = [];

async function signIn(url: string, login: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/site/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) });
  if (!response.ok) throw new Error(`log-in of ${login.email} answered ${response.status}`);
  return ((await response.json()) as { user: { accessToken: string } }).user.accessToken;
}

/** SIGKILL: no shutdown hook, no stream told to reconnect (unlike a deploy's SIGTERM, decision 197). */
function kill(instance: BenchApp): Promise<void> {
  return new Promise((resolve) => {
    if (instance.app.child.exitCode !== null || instance.app.child.signalCode !== null) return resolve();
    instance.app.child.once('exit', () => resolve());
    instance.app.child.kill('SIGKILL');
  });
}

export async function faultBench(databaseUrl: string): Promise<void> {
  const jwtSecret = randomBytes(32).toString('hex');
  const env = (first: boolean) => ({ JWT_SECRET: jwtSecret, SEED: first ? '1' : '0', LOG_LEVEL: 'warn', CHARGE_RATE_PER_SECOND: String(FAULT.chargeRate) });
  const instances: BenchApp[] = [];
  const stops: (() => Promise<void>)[] = [];
  const pages: LivePage[] = [];
  try {
    for (const index of [0, 1, 2]) {
      const instance = await startApp(databaseUrl, { env: env(index === 0) });
      instances.push(instance);
      stops.unshift(async () => {
        await instance.app.stop();
        instance.cleanup();
      });
    }
    const balancer = await startHaproxy(instances.map((instance) => instance.app.url));
    if (!balancer) {
      missed.push('fault run not made: HAProxy is not installed (`apt-get install -y haproxy`)');
      return;
    }
    stops.unshift(() => balancer.stop());
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const eventId = await client
      .query<{ id: string }>('select id from events where name = $1', [CAMPAIGN])
      .then((result) => result.rows[0]?.id)
      .finally(() => client.end());
    if (!eventId) throw new Error(`the demo content has no campaign named ${CAMPAIGN}`);
    // A supporter may pledge 30 times a minute: each pledges at most 20 times in the stream's minute.
    const supporters = await registerSupporters(instances[0]!.app.url, Math.max(20, Math.ceil((FAULT.perSecond * Math.min(60, FAULT.seconds)) / 20)));

    const liveUrl = `${balancer.url}/api/events/${eventId}/live`;
    for (let index = 0; index < FAULT.pages; index += 1) {
      const page = new LivePage(liveUrl);
      await page.opened;
      pages.push(page);
    }
    const countBefore = Number((await currentTotals(liveUrl)).pledge_count);
    const killed = { name: 'instance2', at: 0 };
    const result = await pledgeStream(balancer.url, eventId, supporters, {
      perSecond: FAULT.perSecond,
      seconds: FAULT.seconds,
      atSecond: FAULT.seconds / 2,
      fault: async () => {
        killed.at = Date.now();
        await kill(instances[1]!);
      },
    });
    const streamChecks = await checkPledgeStream({
      databaseUrl,
      balancerUrl: balancer.url,
      eventId,
      result,
      pages,
      killed: killed.name,
      killedAt: killed.at,
      countBefore,
    });
    for (const page of pages.splice(0)) page.close();
    // HAProxy's checks take the dead instance out; the charge run's requests go to the others.
    await sleep(3_000);

    const creator = await signIn(balancer.url, CREATOR);
    const completed = await fetch(`${balancer.url}/api/events/${eventId}/complete`, { method: 'POST', headers: { authorization: `Bearer ${creator}` } });
    if (!completed.ok) throw new Error(`completing the campaign answered ${completed.status}: ${(await completed.text()).slice(0, 200)}`);
    const outcome = await chargeRunWithKill({
      balancerUrl: balancer.url,
      databaseUrl,
      eventId,
      adminToken: await signIn(balancer.url, ADMIN),
      killAfter: Math.ceil(result.acknowledged.length / 3),
      fault: () => kill(instances[2]!),
      ageClaims: false,
      // The lease of the killed instance's claims (a minute), the job queue's heartbeat, and the rest of the run.
      seconds: 120 + (2 * result.acknowledged.length) / FAULT.chargeRate,
    });
    const chargeChecks = await checkChargeRun(databaseUrl, eventId, outcome);
    report(streamChecks, chargeChecks);
  } finally {
    for (const page of pages) page.close();
    for (const stop of stops) await stop();
  }
}

function report(stream: Check[], charge: Check[]) {
  for (const check of [...stream, ...charge]) if (!check.ok) missed.push(`fault run: ${check.goal}: ${check.detail}`);
  faultLines.push(
    '',
    `Fault run on PostgreSQL: three instances behind HAProxy, ${FAULT.pages} live pages open, ${FAULT.perSecond} pledges a second for ${FAULT.seconds} s; instance 2 killed (SIGKILL) halfway through, unanswered pledges sent once more with the same Idempotency-Key. Then the campaign charged at ${FAULT.chargeRate} a second and instance 3 killed a third of the way through; instance 1 finishes the run.`,
    '',
    ...formatChecks([...stream, ...charge])
      .split('\n')
      .map((line) => `- ${line}`),
  );
}
