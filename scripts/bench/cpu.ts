// CPU accounting for a run: how many of the machine's cores each process of the bench used while it
// ran (from /proc/<pid>/stat, user + system time), beside how busy the whole machine was (/proc/stat,
// which counts everything else on the machine too). It shows whether one instance already fills the
// cores, in which case a second instance on the same machine has nothing to run on.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A group of processes measured together (one instance, HAProxy, the database's backends). */
export interface CpuGroup {
  label: string;
  pids(): Promise<number[]>;
}

export interface CpuShare {
  label: string;
  cores: number;
}

export interface CpuBreakdown {
  seconds: number;
  groups: CpuShare[];
  /** The groups together. */
  benchCores: number;
  /** Every process on the machine, the bench's and anything else running meanwhile. */
  machineCores: number;
  machineCoreCount: number;
}

/** User + system CPU seconds a process has used so far; undefined once it is gone. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU seconds the whole machine spent busy (everything but idle and I/O wait). */
function machineBusySeconds(): number {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = values.map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return (total - ticks[3]! - ticks[4]!) / TICKS_PER_SECOND;
}

/** The machine's CPU ticks so far, all and idle (idle + I/O wait), from /proc/stat. */
export function machineTicks(): { total: number; idle: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = values.map(Number);
  return { total: ticks.reduce((sum, value) => sum + value, 0), idle: ticks[3]! + ticks[4]! };
}

/** The share of the machine's CPU time that was idle between two readings of `machineTicks()`. */
export const idleShare = (before: { total: number; idle: number }, after: { total: number; idle: number }) =>
  (after.idle - before.idle) / Math.max(1, after.total - before.total);

async function sample(groups: CpuGroup[]) {
  return Promise.all(
    groups.map(async (group) => {
      const used = new Map<number, number>();
      for (const pid of await group.pids()) {
        const seconds = cpuSeconds(pid);
        if (seconds !== undefined) used.set(pid, seconds);
      }
      return used;
    }),
  );
}

/** Runs `work` and says how many cores each group used meanwhile. A process started during the run counts from zero. */
export async function cpuDuring<T>(groups: CpuGroup[], work: () => Promise<T>): Promise<{ result: T; cpu: CpuBreakdown }> {
  const startedAt = performance.now();
  const machineBefore = machineBusySeconds();
  const before = await sample(groups);
  const result = await work();
  const after = await sample(groups);
  const machineAfter = machineBusySeconds();
  const seconds = (performance.now() - startedAt) / 1000;
  const shares = groups.map((group, index) => {
    let used = 0;
    for (const [pid, total] of after[index]!) used += total - (before[index]!.get(pid) ?? 0);
    return { label: group.label, cores: used / seconds };
  });
  return {
    result,
    cpu: {
      seconds,
      groups: shares,
      benchCores: shares.reduce((sum, share) => sum + share.cores, 0),
      machineCores: (machineAfter - machineBefore) / seconds,
      machineCoreCount: cpus().length,
    },
  };
}

export const processGroup = (label: string, pid: number | undefined): CpuGroup => ({ label, pids: async () => (pid === undefined ? [] : [pid]) });

/**
 * The PostgreSQL backends serving one database (the instances' pools, their LISTEN connection,
 * pg-boss), found through pg_stat_activity; the server's shared processes (WAL writer,
 * checkpointer) serve every database and are left out.
 */
export function postgresBackends(databaseUrl: string): CpuGroup {
  return {
    label: "PostgreSQL backends of the bench's database",
    async pids() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and backend_type = $1 and pid <> pg_backend_pid()',
          ['client backend'],
        );
        return rows.map((row) => row.pid);
      } finally {
        await client.end();
      }
    },
  };
}

export function cpuLine(cpu: CpuBreakdown): string {
  const groups = cpu.groups.map((group) => `${group.label} ${group.cores.toFixed(2)}`).join(', ');
  return (
    `CPU over ${cpu.seconds.toFixed(0)} s, in cores of this machine's ${cpu.machineCoreCount}: ${groups}; ` +
    `together ${cpu.benchCores.toFixed(2)}; the whole machine ${cpu.machineCores.toFixed(2)} busy (anything else running included)`
  );
}
