/**
 * What the machine and the server's event loop did during a window of a load (bench/t8-sale-day.ts),
 * so a loaded/unloaded ratio can be read against its floor: how busy the host's cores were, how
 * much of that was the server, the load generator (this process) and everything else, and how
 * long the server's event loop made work wait (bench/lib/loop-probe-preload.mjs).
 */
import fs from 'node:fs';
import os from 'node:os';
import { cpuMsOf, type LoopSample, type Server } from './server';
import { median, round } from './stats';

/** The host's CPU jiffies since boot (all cores): busy and total. */
function hostJiffies(): { busy: number; total: number } {
  const first = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = first;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

export type MachineWindow = {
  seconds: number;
  /** Cores' worth of CPU used on the whole host over the window (2 = both cores busy). */
  hostCores: number;
  /** Of which: the servers' processes, this process (the shoppers, payers, merchant). */
  serverCores: number;
  benchCores: number;
  /** The rest: other processes on the host (other sessions' builds and tests). */
  otherCores: number;
  cores: number;
  loadAverage: { before: number[]; after: number[] };
};

/** Starts measuring the host, the given server processes and this process; `end()` reports. */
export function machineWindow(servers: Pick<Server, 'pid'>[]) {
  const t0 = performance.now();
  const host0 = hostJiffies();
  const server0 = servers.map((s) => cpuMsOf(s.pid));
  const bench0 = process.cpuUsage();
  const before = os.loadavg().map((n) => round(n, 2));
  return {
    end(): MachineWindow {
      const seconds = (performance.now() - t0) / 1000;
      const host1 = hostJiffies();
      const cores = os.cpus().length;
      // /proc/stat's first line sums every core: a share of its total is a share of all cores.
      const hostCores = ((host1.busy - host0.busy) / Math.max(1, host1.total - host0.total)) * cores;
      const serverCores = servers.reduce((sum, s, i) => sum + (cpuMsOf(s.pid) - server0[i]), 0) / 1000 / seconds;
      const b = process.cpuUsage(bench0);
      const benchCores = (b.user + b.system) / 1e6 / seconds;
      return {
        seconds: round(seconds, 1),
        hostCores: round(hostCores, 2),
        serverCores: round(serverCores, 2),
        benchCores: round(benchCores, 2),
        otherCores: round(Math.max(0, hostCores - serverCores - benchCores), 2),
        cores,
        loadAverage: { before, after: os.loadavg().map((n) => round(n, 2)) },
      };
    },
  };
}

export type LoopWindow = {
  intervals: number;
  /** Mean share of wall time the event loop was busy (1 = never waiting for I/O). */
  utilisation: number;
  /** The process's CPU over the window, in cores (1 = one core all the time). */
  cpuCores: number;
  /** Event-loop delay: median of the intervals' p50 and p99, and the worst, in ms. */
  delayP50: number;
  delayP99: number;
  delayMax: number;
};

/** bench/lib/loop-probe-preload.mjs's interval. */
const LOOP_INTERVAL_MS = 500;

/** The loop probe's intervals that ended inside [from, to] (Date.now() ms), summarised. */
export function loopWindow(samples: LoopSample[], from: number, to: number): LoopWindow | null {
  const inside = samples.filter((s) => s.t > from + 250 && s.t <= to);
  if (!inside.length) return null;
  const sum = (f: (s: LoopSample) => number) => inside.reduce((a, s) => a + f(s), 0);
  return {
    intervals: inside.length,
    utilisation: round(sum((s) => s.elu) / inside.length, 3),
    cpuCores: round(sum((s) => s.cpuMs) / (inside.length * LOOP_INTERVAL_MS), 2),
    delayP50: round(median(inside.map((s) => s.p50)), 1),
    delayP99: round(median(inside.map((s) => s.p99)), 1),
    delayMax: round(Math.max(...inside.map((s) => s.max)), 1),
  };
}
