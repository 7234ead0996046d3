import { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';

/** A background task: receives the job's data; throwing makes pg-boss retry it with backoff. */
export type JobHandler<T> = (data: T) => Promise<void>;
/** A batch's jobs at once: one result per job, in order; a rejected one is retried on its own. */
export type BatchJobHandler<T> = (data: T[]) => Promise<PromiseSettledResult<unknown>[]>;

export interface QueueOptions {
  /** Cron expression (UTC): the job is also started on this schedule by whichever instance is first. */
  cron?: string;
  /** Jobs of this queue run at most this many at a time per instance (times `batchSize` with batches). */
  concurrency?: number;
  /**
   * Each worker fetches up to this many jobs in one statement, runs them at once and fetches the next
   * batch straight away while batches come back full (a single-job worker waits for the poll
   * interval after every job). Each job still succeeds or fails on its own.
   */
  batchSize?: number;
  /** Attempts after the first failure, with exponential backoff (pg-boss retry). */
  retryLimit?: number;
}

export interface SendOptions {
  /** While a job with this key is queued or running, another send with it is dropped. */
  singletonKey?: string;
  startAfterSeconds?: number;
}

/**
 * Background jobs on pg-boss, in the app's own database (docs/architecture.md#providers): PostgreSQL, or
 * PGlite through its `executeSql` adapter. Queues are defined by modules while the app is built;
 * `start` runs them (polling workers and schedules) unless `workers` is off, as in the API tests,
 * which run due jobs themselves with `drain()` and `runScheduled()`.
 */
export interface Jobs {
  define<T extends object>(name: string, handler: JobHandler<T>, options?: QueueOptions): void;
  /** A queue whose handler takes a fetched batch's jobs together (one read or write for all of them). */
  defineBatch<T extends object>(name: string, handler: BatchJobHandler<T>, options: QueueOptions & { batchSize: number }): void;
  /** Queues a job. Never await this inside a database transaction: on PGlite it waits for the transaction. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<void>;
  /** Queues many jobs of one queue in one statement. */
  sendMany<T extends object>(name: string, data: T[]): Promise<void>;
  /** Queues without waiting (after a commit); failures are logged, and `drain()` waits for them. */
  enqueue<T extends object>(name: string, data: T, options?: SendOptions): void;
  /** Starts the workers and schedules; without workers pg-boss starts on first use instead. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs every due job of every queue, until none is left; returns how many ran. */
  drain(): Promise<number>;
  /** Runs a scheduled queue's handler once now, as its schedule would. */
  runScheduled(name: string): Promise<void>;
  /**
   * Jobs waiting (created or retrying, due or not yet) per defined queue, counted now; undefined
   * while pg-boss has not started (its tables may not exist yet). For /metrics (lib/metrics.ts).
   */
  depths(): Promise<Map<string, number> | undefined>;
}

interface Queue {
  name: string;
  handler: JobHandler<object>;
  batchHandler?: BatchJobHandler<object>;
  options: QueueOptions;
}

/**
 * A running job's worker refreshes its heartbeat every 5 s; a job whose heartbeat is 10 s old (its
 * process was killed or lost its database) is failed and retried by whichever instance supervises
 * next, so a crash delays a charge by seconds, not by pg-boss's 15-minute expiry. pg-boss looks for
 * such jobs in its monitor pass, which by default claims a queue once a minute: it runs as often as
 * the supervisor here, or a killed charge run waited up to 70 s (faults/charge-run-killed.test.ts).
 * Every handler is idempotent (a pledge's charge is locked and keyed), so a retried job never does
 * its work twice.
 */
const QUEUE_POLICY = { heartbeatSeconds: 10 } as const;
const SUPERVISE_INTERVAL_SECONDS = 5;

export interface JobsOptions {
  /** node-postgres connection string, or an adapter for PGlite. */
  connection: { connectionString: string } | { db: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> }; backend: 'pglite' };
  workers: boolean;
  log: FastifyBaseLogger;
  /** Seconds between polls of each queue by a worker. */
  pollingIntervalSeconds?: number;
}

export function createJobs(options: JobsOptions): Jobs {
  const queues = new Map<string, Queue>();
  const inFlight = new Set<Promise<unknown>>();
  let starting: Promise<PgBoss> | undefined;

  // Without workers (API tests) pg-boss starts on first use, so a test file that queues nothing
  // does not pay for its schema.
  function ready(): Promise<PgBoss> {
    starting ??= startBoss();
    return starting;
  }

  async function startBoss(): Promise<PgBoss> {
    const instance = new PgBoss({
      ...options.connection,
      schema: 'pgboss',
      // Maintenance and schedules need a worker instance; the tests drive both by hand.
      supervise: options.workers,
      schedule: options.workers,
      // How often a live instance fails (for retry) the jobs of a worker whose heartbeat stopped.
      superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
      monitorIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
    });
    instance.on('error', (error: unknown) => options.log.error({ err: error }, 'job queue error'));
    await instance.start();
    for (const queue of queues.values()) {
      await instance.createQueue(queue.name, QUEUE_POLICY);
      // A queue made by an earlier version keeps its old policy until updated.
      await instance.updateQueue(queue.name, QUEUE_POLICY);
      if (!options.workers) continue;
      const batchSize = queue.options.batchSize ?? 1;
      const work = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, localConcurrency: queue.options.concurrency ?? 1 };
      if (batchSize === 1) {
        await instance.work(queue.name, { ...work, batchSize }, async ([job]) => {
          if (job) await queue.handler(job.data as object);
        });
      } else {
        await instance.work(queue.name, { ...work, batchSize, burstWhenBatchFull: true, perJobResults: true }, (jobs) => runBatch(queue, jobs));
      }
      if (queue.options.cron) await instance.schedule(queue.name, queue.options.cron, {}, { tz: 'UTC' });
    }
    return instance;
  }

  /** A batch's jobs at once, each completed or failed (and retried) on its own. */
  async function runBatch(queue: Queue, jobs: { id: string; data: unknown }[]) {
    const data = jobs.map((job) => job.data as object);
    const settled: PromiseSettledResult<unknown>[] = queue.batchHandler
      ? await queue.batchHandler(data).catch((reason: unknown) => data.map(() => ({ status: 'rejected' as const, reason })))
      : await Promise.allSettled(data.map((item) => queue.handler(item)));
    return settled.map((result, nth) => {
      const id = jobs[nth]!.id;
      if (result.status === 'fulfilled') return { id, status: 'completed' as const };
      options.log.warn({ err: result.reason, queue: queue.name, jobId: id }, 'job failed; pg-boss will retry it');
      return { id, status: 'failed' as const, output: { message: String(result.reason) } };
    });
  }

  async function send(name: string, data: object, sendOptions: SendOptions = {}) {
    const queue = queues.get(name);
    if (!queue) throw new Error(`unknown job queue ${name}`);
    const instance = await ready();
    await instance.send(name, data, {
      singletonKey: sendOptions.singletonKey,
      startAfter: sendOptions.startAfterSeconds,
      retryLimit: queue.options.retryLimit ?? 5,
      retryBackoff: true,
      retryDelay: 2,
    });
  }

  async function runOne(queue: Queue, instance: PgBoss): Promise<number> {
    const batchSize = queue.options.batchSize ?? 1;
    const fetched = await instance.fetch<object>(queue.name, { batchSize: Math.max(50, batchSize) });
    if (batchSize > 1) {
      // As a worker runs them: a batch at once, each job settled on its own.
      for (let start = 0; start < fetched.length; start += batchSize) {
        for (const result of await runBatch(queue, fetched.slice(start, start + batchSize))) {
          if (result.status === 'completed') await instance.complete(queue.name, result.id);
          else await instance.fail(queue.name, result.id, result.output);
        }
      }
      return fetched.length;
    }
    for (const job of fetched) {
      try {
        await queue.handler(job.data);
        await instance.complete(queue.name, job.id);
      } catch (error) {
        options.log.warn({ err: error, queue: queue.name, jobId: job.id }, 'job failed; pg-boss will retry it');
        await instance.fail(queue.name, job.id, { message: String(error) });
      }
    }
    return fetched.length;
  }

  return {
    define(name, handler, queueOptions = {}) {
      if (starting) throw new Error(`queue ${name} defined after start`);
      queues.set(name, { name, handler: handler as JobHandler<object>, options: queueOptions });
    },

    defineBatch(name, batchHandler, queueOptions) {
      if (starting) throw new Error(`queue ${name} defined after start`);
      const handler: JobHandler<object> = async (item) => {
        const [result] = await (batchHandler as BatchJobHandler<object>)([item]);
        if (result?.status === 'rejected') throw result.reason;
      };
      queues.set(name, { name, handler, batchHandler: batchHandler as BatchJobHandler<object>, options: queueOptions });
    },

    send,

    async sendMany(name, data) {
      const queue = queues.get(name);
      if (!queue) throw new Error(`unknown job queue ${name}`);
      const instance = await ready();
      for (let start = 0; start < data.length; start += 1000) {
        await instance.insert(
          name,
          data.slice(start, start + 1000).map((item) => ({ data: item, retryLimit: queue.options.retryLimit ?? 5, retryBackoff: true, retryDelay: 2 })),
        );
      }
    },

    enqueue(name, data, sendOptions) {
      const pending = send(name, data, sendOptions).catch((error: unknown) => options.log.error({ err: error, queue: name }, 'could not queue job'));
      inFlight.add(pending);
      void pending.finally(() => inFlight.delete(pending));
    },

    async start() {
      if (options.workers) await ready();
    },

    async stop() {
      if (!starting) return;
      await Promise.allSettled([...inFlight]);
      const instance = await starting.catch(() => undefined);
      await instance?.stop({ graceful: true, timeout: 10_000, close: true });
    },

    async drain() {
      const instance = await ready();
      let ran = 0;
      for (;;) {
        await Promise.allSettled([...inFlight]);
        let round = 0;
        for (const queue of queues.values()) round += await runOne(queue, instance);
        ran += round;
        if (!round && !inFlight.size) return ran;
      }
    },

    async depths() {
      if (!starting) return undefined;
      const instance = await starting;
      // pg-boss's own counts (getQueues) are refreshed by its monitor, which the API tests do not
      // run; this is the monitor's count of waiting jobs, on the partial index its fetch uses
      // (job_i11: state < 'active' and not blocked). No queue here uses blocking.
      const { rows } = await instance
        .getDb()
        .executeSql(`select name, count(*)::int as waiting from pgboss.job where state < 'active' and not blocked group by name`, []);
      const depths = new Map<string, number>([...queues.keys()].map((name) => [name, 0]));
      for (const row of rows as { name: string; waiting: number | string }[]) if (depths.has(row.name)) depths.set(row.name, Number(row.waiting));
      return depths;
    },

    async runScheduled(name) {
      const queue = queues.get(name);
      if (!queue) throw new Error(`unknown job queue ${name}`);
      await queue.handler({});
    },
  };
}
