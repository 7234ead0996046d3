// A CPU quota for one process of the bench: a child group of cgroup v1's `cpu` controller with
// cpu.cfs_period_us = 100,000 and cpu.cfs_quota_us = the cores it may use × the period, the process
// (all its threads) moved in, and moved back and the group removed afterwards. Needs root and
// /sys/fs/cgroup/cpu mounted writable.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CPU_ROOT = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;

export interface CpuQuotaGroup {
  path: string;
  cores: number;
  /** Periods the group ran in, and in how many of them the quota stopped it (cpu.stat). */
  usage(): { throttledPeriods: number; periods: number };
  /** Moves what is still in the group back to the root group and removes the group. */
  remove(): void;
}

/** Why cgroup v1 CPU quotas cannot be used here, or undefined when they can. */
export function cpuQuotaUnavailable(): string | undefined {
  if (!existsSync(path.join(CPU_ROOT, 'cpu.cfs_quota_us'))) return `${CPU_ROOT} is not a cgroup v1 cpu controller`;
  if (process.getuid?.() !== 0) return 'CPU quotas need root (cgroup v1 is written directly)';
  return undefined;
}

/** Puts `pid` in a new group limited to `cores` (0.25 = a quarter of one core). */
export function cpuQuota(name: string, pid: number, cores: number): CpuQuotaGroup {
  if (!(cores > 0)) throw new Error(`a CPU quota must be above 0 cores (got ${cores})`);
  const group = path.join(CPU_ROOT, `${name}-${process.pid}`);
  mkdirSync(group);
  try {
    writeFileSync(path.join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(path.join(group, 'cpu.cfs_quota_us'), String(Math.round(cores * PERIOD_US)));
    writeFileSync(path.join(group, 'cgroup.procs'), String(pid));
  } catch (error) {
    rmdirSync(group);
    throw error;
  }
  return {
    path: group,
    cores,
    usage() {
      const stat = Object.fromEntries(
        readFileSync(path.join(group, 'cpu.stat'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => line.split(' ') as [string, string]),
      );
      return { throttledPeriods: Number(stat.nr_throttled ?? 0), periods: Number(stat.nr_periods ?? 0) };
    },
    remove() {
      if (!existsSync(group)) return;
      const left = readFileSync(path.join(group, 'cgroup.procs'), 'utf8').trim().split('\n').filter(Boolean);
      for (const process of left) {
        try {
          writeFileSync(path.join(CPU_ROOT, 'cgroup.procs'), process);
        } catch {
          // gone meanwhile
        }
      }
      rmdirSync(group);
    },
  };
}
