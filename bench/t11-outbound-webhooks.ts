/**
 * T11 — the merchant's outbound webhooks (lib/outbound-events → lib/outbound-events/delivery/webhook-worker.ts) on the
 * product's real path: the running server's own in-process worker (started with `next start`,
 * a pass every second: fan-out of new events, then up to 50 due deliveries signed and POSTed;
 * the cron route runs the same `runWebhookWorkerOnce` on hosts without a long-lived process).
 *
 * Setup, by the product's own functions against the server's file (bench/lib/provision.ts): an
 * endpoint (createEndpoint) subscribed to order.paid at a receiver on 127.0.0.1 in this process
 * (node:http; BENCH_PORTS.receiver, listed in the server's WEBHOOK_ALLOWED_ORIGINS), orders written
 * straight into the file (bench/lib/seed.ts), and one order.paid event per order written with
 * recordOrderEvent, the function a state change calls in its transaction, one transaction each.
 *
 * Phase 1: 1,000 events (100 in --quick), receiver up. Reports events/s from the first event's
 * created_at to the last first delivery, and each event's delay (created → received). Every body
 * is verified with the endpoint's secret (standardwebhooks, as docs/api.md tells merchants), and
 * the receiver counts deliveries per `webhook-id`: the target is every event delivered, none lost.
 * The product documents **at least once** with a stable `webhook-id` to deduplicate on
 * (docs/api.md, "Webhooks"), so a second delivery of an id is counted as a duplicate, reported
 * apart and not as a loss (it fails only "exactly once", which the product does not promise).
 *
 * Phase 2: the receiver goes down for 30 s (2 s in --quick): every connection is reset without an
 * answer (the worker sees a network error), and the receiver notes which `webhook-id` came and
 * when. 100 events (30 in --quick) are written as it goes down. After it comes back: nothing lost,
 * and the back-off respected — each retry no earlier than the documented delay after the
 * previous attempt ended (10 s, 40 s, 2 min 40 s …: 10 s × 4^(n−1), at most 12 h), checked on
 * the delivery log (outbound_attempts: start and duration of each attempt) and, independently, on
 * the receiver's own clock (arrivals of one id).
 *
 * T11 has a server of its own (fresh files, BENCH_PORTS.webhooks): its 1,200 seeded orders and
 * its endpoint stay out of the main server's database, which GROWTH sizes from 1,000 orders up.
 */
import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { withDb } from './lib/app-db';
import type { BenchContext } from './lib/context';
import { provision, provisionAsync } from './lib/provision-client';
import { fmtMs, type TargetResult } from './lib/report';
import { seedOrders } from './lib/seed';
import { BENCH_PORTS, startServer, type Server } from './lib/server';
import { percentile, round, sleep } from './lib/stats';

export const T11 = {
  id: 'T11',
  title: 'outbound webhooks: 1,000 events to a local receiver, then 30 s with it down',
  target: 'report events/s; every event delivered (duplicates apart: at least once); back-off as documented',
};

/** docs/api.md: "retried with exponential back-off (10 s, 40 s, 2 min 40 s … at most 12 h apart)". */
const documentedDelayMs = (attempt: number) => Math.min(10_000 * 4 ** Math.max(0, attempt - 1), 12 * 3600 * 1000);

type Arrival = { at: number; answered: boolean };

class Receiver {
  up = true;
  arrivals = new Map<string, Arrival[]>();
  badSignatures = 0;
  private server: http.Server;
  private webhook: Webhook | null = null;
  constructor(readonly port: number) {
    this.server = http.createServer((req, res) => {
      const id = String(req.headers['webhook-id'] ?? '');
      const at = Date.now();
      if (!this.up) {
        this.note(id, { at, answered: false });
        req.socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        try {
          this.webhook?.verify(raw, req.headers as Record<string, string>);
        } catch {
          this.badSignatures++;
        }
        this.note(id, { at, answered: true });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    this.server.keepAliveTimeout = 5_000;
  }
  secret(secret: string) {
    this.webhook = new Webhook(secret);
  }
  private note(id: string, a: Arrival) {
    const list = this.arrivals.get(id);
    if (list) list.push(a);
    else this.arrivals.set(id, [a]);
  }
  listen() {
    return new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }
  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  /** First answered (2xx) arrival of each id, and how many answered arrivals each id had. */
  delivered(ids: readonly string[]) {
    const first = new Map<string, number>();
    let duplicates = 0;
    let duplicateIds = 0;
    /** Which ids came more than once, with how many answered deliveries (at most 20 listed). */
    const which: string[] = [];
    for (const id of ids) {
      const answered = (this.arrivals.get(id) ?? []).filter((a) => a.answered);
      if (answered.length) first.set(id, answered[0].at);
      if (answered.length > 1) {
        duplicateIds++;
        duplicates += answered.length - 1;
        if (which.length < 20) which.push(`${id} ×${answered.length}`);
      }
    }
    return { first, duplicates, duplicateIds, which };
  }
}

async function writeEvents(server: Server, count: number): Promise<{ ids: string[]; createdAt: Map<string, number>; ms: number }> {
  const seeded = seedOrders(server.appDbPath, count, { seed: Date.now() % 100_000, sampleCount: count, spanDays: 1 });
  const orderIds = seeded.samples.map((s) => s.id);
  if (orderIds.length !== count) throw new Error(`seeded ${orderIds.length} orders, wanted ${count}`);
  const t = Date.now();
  const { events } = await provisionAsync<{ events: string[] }>(server, { kind: 'order-events', orderIds, type: 'order.paid' });
  const ms = Date.now() - t;
  if (events.length !== count) throw new Error(`${events.length} events recorded for ${count} orders`);
  const createdAt = withDb(server.appDbPath, (db) => {
    const stmt = db.prepare('SELECT created_at FROM outbound_events WHERE id = ?').pluck();
    return new Map(events.map((id) => [id, Date.parse(String(stmt.get(id)))]));
  });
  return { ids: events, createdAt, ms };
}

async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

type LogAttempt = { event_id: string; at: string; duration_ms: number; status_code: number | null; error: string | null };

export async function runT11(ctx: BenchContext): Promise<TargetResult> {
  const server = await startServer({ port: BENCH_PORTS.webhooks });
  try {
    return await outboundWebhooks({ ...ctx, server });
  } finally {
    await server.stop();
  }
}

async function outboundWebhooks(ctx: BenchContext): Promise<TargetResult> {
  const { server, quick, log } = ctx;
  const n1 = quick ? 100 : 1000;
  const n2 = quick ? 30 : 100;
  const downSeconds = quick ? 2 : 30;
  const receiver = new Receiver(BENCH_PORTS.receiver);
  await receiver.listen();
  try {
    const endpoint = provision<{ id: string; secret: string }>(server, { kind: 'endpoint', url: `http://127.0.0.1:${receiver.port}/hooks`, events: ['order.paid'] });
    receiver.secret(endpoint.secret);

    // Phase 1: receiver up.
    log(`T11 phase 1: ${n1} events`);
    const p1 = await writeEvents(server, n1);
    const all1 = await until(() => receiver.delivered(p1.ids).first.size === n1, 180_000);
    await sleep(1500); // a late duplicate would arrive within a pass or two
    const d1 = receiver.delivered(p1.ids);
    const start1 = Math.min(...p1.createdAt.values());
    const end1 = Math.max(...d1.first.values());
    const perSecond = d1.first.size / ((end1 - start1) / 1000);
    const delays1 = p1.ids.flatMap((id) => (d1.first.has(id) ? [d1.first.get(id)! - p1.createdAt.get(id)!] : []));

    // Phase 2: receiver down for downSeconds, events written as it goes down.
    log(`T11 phase 2: receiver down ${downSeconds} s, ${n2} events`);
    receiver.up = false;
    const downAt = Date.now();
    const p2 = await writeEvents(server, n2);
    await sleep(Math.max(0, downAt + downSeconds * 1000 - Date.now()));
    receiver.up = true;
    const upAt = Date.now();
    // The first retries come 10 s after the first failure, the second ones 40 s after that.
    const all2 = await until(() => receiver.delivered(p2.ids).first.size === n2, 150_000);
    await sleep(1500);
    const d2 = receiver.delivered(p2.ids);

    // Back-off on the delivery log: attempt n+1 starts no earlier than documentedDelay(n) after attempt n ended.
    const attempts = withDb(server.appDbPath, (db) =>
      db
        .prepare(
          `SELECT d.event_id, a.at, a.duration_ms, a.status_code, a.error FROM outbound_attempts a JOIN outbound_deliveries d ON d.id = a.delivery_id
           WHERE d.endpoint_id = ? ORDER BY d.event_id, a.id`,
        )
        .all(endpoint.id) as LogAttempt[],
    );
    const byEvent = new Map<string, LogAttempt[]>();
    for (const a of attempts) (byEvent.get(a.event_id) ?? byEvent.set(a.event_id, []).get(a.event_id)!).push(a);
    const logEarly: string[] = [];
    const logLate: number[] = [];
    const attemptsPerEvent = new Map<number, number>();
    for (const id of p2.ids) {
      const list = byEvent.get(id) ?? [];
      attemptsPerEvent.set(list.length, (attemptsPerEvent.get(list.length) ?? 0) + 1);
      for (let k = 1; k < list.length; k++) {
        const ended = Date.parse(list[k - 1].at) + list[k - 1].duration_ms;
        const gap = Date.parse(list[k].at) - ended;
        const due = documentedDelayMs(k);
        if (gap < due - 2) logEarly.push(`${id.slice(0, 10)}… attempt ${k + 1} ${gap} ms after attempt ${k} (documented ${due})`);
        else logLate.push(gap - due);
      }
    }
    // The same on the receiver's clock: consecutive arrivals of one id (a reset attempt takes
    // milliseconds, so arrival gaps ≈ the log's gaps).
    const rxEarly: string[] = [];
    const rxLate: number[] = [];
    for (const id of p2.ids) {
      const list = receiver.arrivals.get(id) ?? [];
      for (let k = 1; k < list.length; k++) {
        const gap = list[k].at - list[k - 1].at;
        const due = documentedDelayMs(k);
        if (gap < due - 50) rxEarly.push(`${id.slice(0, 10)}… arrival ${k + 1} ${gap} ms after arrival ${k} (documented ${due})`);
        else rxLate.push(gap - due);
      }
    }
    const failedWhileDown = attempts.filter((a) => p2.ids.includes(a.event_id) && a.error !== null).length;
    const resetsSeen = p2.ids.reduce((k, id) => k + (receiver.arrivals.get(id) ?? []).filter((a) => !a.answered).length, 0);
    const deliveredAt2 = [...d2.first.values()];
    const recovered = deliveredAt2.length ? (Math.max(...deliveredAt2) - upAt) / 1000 : NaN;
    const attemptsWhileUp = p2.ids.reduce((k, id) => k + (receiver.arrivals.get(id) ?? []).filter((a) => !a.answered && a.at >= upAt).length, 0);

    const lost1 = n1 - d1.first.size;
    const lost2 = n2 - d2.first.size;
    const pass = all1 && all2 && lost1 === 0 && lost2 === 0 && receiver.badSignatures === 0 && logEarly.length === 0 && rxEarly.length === 0 && attemptsWhileUp === 0;
    const dist = [...attemptsPerEvent.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${v}× ${k} attempts`).join(', ');
    return {
      ...T11,
      headline:
        `phase 1: ${d1.first.size}/${n1} delivered, ${perSecond.toFixed(1)} events/s (created → received p50 ${fmtMs(percentile(delays1, 50))}, p95 ${fmtMs(percentile(delays1, 95))}), ` +
        `${d1.duplicates} duplicate deliveries (${d1.duplicateIds} ids), ${receiver.badSignatures} bad signatures; ` +
        `phase 2 (down ${downSeconds} s): ${d2.first.size}/${n2} delivered ${recovered.toFixed(1)} s after it came back, ${d2.duplicates} duplicates; ` +
        `${failedWhileDown} failed attempts logged (${resetsSeen} resets seen by the receiver), ${dist}; back-off: ${logEarly.length + rxEarly.length} early retries, ` +
        `retries came ${fmtMs(logLate.length ? Math.min(...logLate) : NaN)}–${fmtMs(logLate.length ? Math.max(...logLate) : NaN)} after the documented delay (log)`,
      verdict: pass ? 'pass' : 'fail',
      details: {
        phase1: {
          events: n1,
          delivered: d1.first.size,
          duplicates: d1.duplicates,
          duplicateIds: d1.duplicateIds,
          duplicated: d1.which,
          eventsPerSecond: round(perSecond, 1),
          recordingMs: p1.ms,
          windowSeconds: round((end1 - start1) / 1000, 2),
          delayP50: round(percentile(delays1, 50), 1),
          delayP95: round(percentile(delays1, 95), 1),
          delayMax: round(Math.max(...delays1), 1),
        },
        phase2: {
          events: n2,
          downSeconds,
          delivered: d2.first.size,
          duplicates: d2.duplicates,
          duplicateIds: d2.duplicateIds,
          duplicated: d2.which,
          recoveredSecondsAfterUp: round(recovered, 1),
          failedAttemptsLogged: failedWhileDown,
          resetsSeenByReceiver: resetsSeen,
          attemptsPerEvent: Object.fromEntries(attemptsPerEvent),
          backoffLog: { early: logEarly.slice(0, 10), lateMinMs: logLate.length ? Math.min(...logLate) : null, lateMaxMs: logLate.length ? Math.max(...logLate) : null, retries: logLate.length + logEarly.length },
          backoffReceiver: { early: rxEarly.slice(0, 10), lateMinMs: rxLate.length ? Math.min(...rxLate) : null, lateMaxMs: rxLate.length ? Math.max(...rxLate) : null },
        },
        badSignatures: receiver.badSignatures,
      },
      notes: [
        ...(quick ? [`quick: ${n1} events in phase 1, receiver down ${downSeconds} s (not 30 s) in phase 2`] : []),
        ...(d1.duplicates + d2.duplicates
          ? [`duplicates (allowed by the documented at-least-once delivery, deduplicate on webhook-id; counted apart): ${[...d1.which, ...d2.which].slice(0, 5).join(', ')}`]
          : []),
        ...logEarly.slice(0, 3),
        ...rxEarly.slice(0, 3),
        ...(attemptsWhileUp ? [`${attemptsWhileUp} attempts reset after the receiver was up again (bench bug)`] : []),
      ],
    };
  } finally {
    await receiver.close();
  }
}
