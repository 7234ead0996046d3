// @module-tag concurrency
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { LiveTotals } from '@pledgeway/domain';
import { signUp } from '../test/client.ts';
import { testDriver } from '../test/harness.ts';
import { createTestDatabase, freePort, startChildApp, verifiedCreator, type ChildApp } from './child-app.ts';
import { saveCard } from '../test/money.ts';
import { createPayload } from '../test/campaign-form.ts';

/**
 * Two instances whose query pool goes through PgBouncer in transaction mode, with the session-bound
 * parts (migration lock, LISTEN, jobs) on DATABASE_DIRECT_URL (decision 198). Needs Debian's
 * `pgbouncer` package (`apt-get install -y pgbouncer`); skipped, saying so, without it.
 */
const PGBOUNCER = '/usr/sbin/pgbouncer';
const hasPgbouncer = existsSync(PGBOUNCER);
if (testDriver === 'postgres' && !hasPgbouncer) console.warn(`skipped: ${PGBOUNCER} is not installed (apt-get install -y pgbouncer)`);

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let bouncer: ChildProcess | undefined;
let folder: string | undefined;
let apps: ChildApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.kill()));
  bouncer?.kill('SIGKILL');
  await database?.drop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** PgBouncer in transaction mode in front of TEST_DATABASE_URL's server; returns its port. */
async function startPgbouncer(server: URL): Promise<number> {
  folder = mkdtempSync(path.join(tmpdir(), 'pledgeway-pgbouncer-'));
  chmodSync(folder, 0o755);
  const port = await freePort();
  const user = decodeURIComponent(server.username || 'postgres');
  writeFileSync(path.join(folder, 'users.txt'), `"${user}" "${decodeURIComponent(server.password)}"\n`, { mode: 0o644 });
  const ini = [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(folder, 'users.txt')}`,
    `admin_users = ${user}`,
    'pool_mode = transaction',
    'default_pool_size = 8',
    'max_client_conn = 200',
  ].join('\n');
  writeFileSync(path.join(folder, 'pgbouncer.ini'), `${ini}\n`, { mode: 0o644 });
  // PgBouncer refuses to run as root: it then runs as the server's owner.
  const args = [...(process.getuid?.() === 0 ? ['-u', 'postgres'] : []), path.join(folder, 'pgbouncer.ini')];
  bouncer = spawn(PGBOUNCER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  bouncer.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  bouncer.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const until = Date.now() + 10_000;
  for (;;) {
    const client = new pg.Client({ host: '127.0.0.1', port, user, database: 'pgbouncer' });
    const ready = await client.connect().then(
      () => client.end().then(() => true),
      () => false,
    );
    if (ready) return port;
    if (bouncer.exitCode !== null || Date.now() > until) throw new Error(`PgBouncer did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(testDriver !== 'postgres' || !hasPgbouncer)('two instances whose queries go through PgBouncer in transaction mode', () => {
  it('take pledges on both at once and share live updates, with LISTEN and the migration lock on the direct address', { timeout: 180_000 }, async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url);
    const port = await startPgbouncer(direct);
    const pooled = new URL(database.url);
    pooled.hostname = '127.0.0.1';
    pooled.port = String(port);
    const env = { DATABASE_DIRECT_URL: direct.toString(), DATABASE_POOL_SIZE: '5', DATABASE_PREPARED_STATEMENTS: '0' };
    apps = await Promise.all([0, 1].map(() => startChildApp({ dataDir: folder!, databaseUrl: pooled.toString(), env })));
    const [a, b] = apps as [ChildApp, ChildApp];

    const creator = await verifiedCreator(a.url);
    const charities = (await fetch(`${b.url}/api/charities`).then((response) => response.json())) as { charities: { _id: string }[] }[];
    const created = await creator.client.post('/api/events/create', await createPayload(charities[0]!.charities[0]!._id, creator.email));
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const eventId = created.data.event.id as string;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`update events set status = 'approved', approved_at = now() where id = $1`, [eventId]).finally(() => admin.end());

    const controller = new AbortController();
    const live = await fetch(`${b.url}/api/events/${eventId}/live`, { signal: controller.signal });
    const reader = live.body!.pipeThrough(new TextDecoderStream()).getReader();
    // Pledges on both instances at once: many short transactions on the pooler's few connections.
    const supporters = await Promise.all(Array.from({ length: 4 }, (_, nth) => signUp(nth % 2 ? a.url : b.url)));
    await Promise.all(
      supporters.map(async (supporter) => {
        const card = await saveCard(supporter.client);
        for (let pledge = 0; pledge < 5; pledge += 1) {
          const answer = await supporter.client.post(`/api/events/${eventId}/pledges`, { amount: 10, payment_method_id: card });
          expect(answer.status, JSON.stringify(answer.data)).toBe(201);
        }
      }),
    );
    let text = '';
    let totals: LiveTotals | undefined;
    const until = Date.now() + 15_000;
    while (!totals && Date.now() < until) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
      totals = text
        .split('\n\n')
        .map((message) => message.split('\n').find((line) => line.startsWith('data: ')))
        .filter((line): line is string => Boolean(line))
        .map((line) => JSON.parse(line.slice('data: '.length)) as LiveTotals)
        .find((candidate) => candidate.pledge_count === 20);
    }
    controller.abort();
    expect(totals).toMatchObject({ event_id: eventId, payment_amount: 200 });

    // The instances' queries did reach PostgreSQL through PgBouncer.
    const adminConsole = new pg.Client({ host: '127.0.0.1', port, user: direct.username || 'postgres', database: 'pgbouncer' });
    await adminConsole.connect();
    const stats = await adminConsole.query('SHOW STATS').finally(() => adminConsole.end());
    const ours = stats.rows.find((row: { database: string }) => row.database === direct.pathname.slice(1)) as { total_xact_count: string } | undefined;
    expect(Number(ours?.total_xact_count ?? 0)).toBeGreaterThan(20);
  });
});
