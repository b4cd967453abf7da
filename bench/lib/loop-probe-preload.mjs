/**
 * Loaded into a bench server (`node --import <this file> next start`, bench/lib/server.ts
 * `loopProbe`) before the app, so the sale day (bench/t8-sale-day.ts) can say where a loaded
 * request's time goes without touching the product:
 * - every 500 ms one line `loop-probe {json}`: the event loop's delay over the interval
 *   (perf_hooks monitorEventLoopDelay: p50, p99, max, in ms), its utilisation (the share of the
 *   interval the loop was running JavaScript or native work rather than waiting for I/O) and the
 *   process's CPU time over the interval (user + system, ms);
 * - with BENCH_PROFILE_DIR set, SIGUSR2 starts a V8 CPU profile (node:inspector, sampling every
 *   BENCH_PROFILE_INTERVAL_US, default 500) and the next SIGUSR2 stops it and writes
 *   `<dir>/window-<pid>-<n>.cpuprofile`, printed as `loop-probe-profile <path>`: a profile of a
 *   chosen window (the load) rather than of the whole process's life.
 * Plain JavaScript so the server needs no TypeScript loader.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const INTERVAL_MS = 500;
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
let lastElu = performance.eventLoopUtilization();
let lastCpu = process.cpuUsage();

const timer = setInterval(() => {
  const elu = performance.eventLoopUtilization(lastElu);
  lastElu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage(lastCpu);
  lastCpu = process.cpuUsage();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const sample = {
    t: Date.now(),
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    elu: Math.round(elu.utilization * 1000) / 1000,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
  histogram.reset();
  process.stdout.write(`loop-probe ${JSON.stringify(sample)}\n`);
}, INTERVAL_MS);
timer.unref();

const profileDir = process.env.BENCH_PROFILE_DIR;
if (profileDir) {
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  let running = false;
  let n = 0;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      post('Profiler.enable')
        .then(() => post('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_PROFILE_INTERVAL_US ?? 500) }))
        .then(() => post('Profiler.start'))
        .catch((e) => process.stdout.write(`loop-probe-profile-error ${e.message}\n`));
      return;
    }
    running = false;
    post('Profiler.stop')
      .then(({ profile }) => {
        fs.mkdirSync(profileDir, { recursive: true });
        const file = path.join(profileDir, `window-${process.pid}-${++n}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
        process.stdout.write(`loop-probe-profile ${file}\n`);
      })
      .catch((e) => process.stdout.write(`loop-probe-profile-error ${e.message}\n`));
  });
}
