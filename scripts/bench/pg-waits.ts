// What PostgreSQL's backends were doing while a run went on: pg_stat_activity sampled every 100 ms
// for the bench's database. An active backend is on the CPU (no wait event) or waiting on one
// (WAL flush, a lock, I/O); one "idle in transaction" waits on the app. It tells whether pledges
// queue in the database or somewhere else (the instance's event loop, the machine's cores).
import pg from 'pg';

export interface DatabaseWaits {
  samples: number;
  /** Backends in a statement, on average over the samples. */
  activeAverage: number;
  /** Backends holding a transaction open while the app works, on average. */
  idleInTransactionAverage: number;
  /** Each wait of the active backends ("CPU" for none) and its share of their samples, largest first. */
  shares: { what: string; share: number }[];
}

const SAMPLE_EVERY_MS = 100;

export async function waitsDuring<T>(databaseUrl: string, work: () => Promise<T>): Promise<{ result: T; waits: DatabaseWaits }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let active = 0;
  let idleInTransaction = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const { rows } = await client.query<{ state: string; what: string; backends: number }>(
        `select state, coalesce(wait_event_type || ': ' || wait_event, 'CPU') as what, count(*)::int as backends
           from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
            and state in ('active', 'idle in transaction')
          group by 1, 2`,
      );
      samples += 1;
      for (const row of rows) {
        if (row.state === 'idle in transaction') {
          idleInTransaction += row.backends;
          continue;
        }
        active += row.backends;
        counts.set(row.what, (counts.get(row.what) ?? 0) + row.backends);
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  try {
    const result = await work();
    return {
      result,
      waits: {
        samples,
        activeAverage: samples ? active / samples : 0,
        idleInTransactionAverage: samples ? idleInTransaction / samples : 0,
        shares: [...counts].map(([what, count]) => ({ what, share: active ? count / active : 0 })).sort((a, b) => b.share - a.share),
      },
    };
  } finally {
    running = false;
    await sampling.catch(() => undefined);
    await client.end();
  }
}

export function waitsLine(waits: DatabaseWaits): string {
  const top = waits.shares
    .slice(0, 5)
    .map((entry) => `${entry.what} ${(entry.share * 100).toFixed(0)}%`)
    .join(', ');
  return (
    `PostgreSQL over ${waits.samples} samples (every ${SAMPLE_EVERY_MS} ms): ${waits.activeAverage.toFixed(1)} backends in a statement on average ` +
    `(${top || 'none'}), ${waits.idleInTransactionAverage.toFixed(1)} idle in a transaction waiting on the app`
  );
}
