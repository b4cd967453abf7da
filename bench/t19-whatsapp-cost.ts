/**
 * T19 — what WhatsApp costs the paid webhook (issue 54): p95 of the state-changing webhook
 * delivery (pending → paid) for a buyer who ticked "Receber atualizações pelo WhatsApp" vs one who
 * did not, side by side in one run, target ≤ 1.05×.
 *
 * One app on the provider stub (as T2: the fetch-back waits on a socket, not on a sandbox in the
 * same process), with WhatsApp switched on against a Graph API stand-in on 127.0.0.1
 * (WHATSAPP_GRAPH_URL; it answers each send with a wamid, as Meta does):
 * - on: the order's buyer consented, so the paid transaction also writes the "Pagamento
 *   confirmado" WhatsApp row, and the request's after-pass sends it to the stand-in once the
 *   response has gone;
 * - off: the same order without consent: the same INSERT … SELECT finds no row (the path of a
 *   shop with WhatsApp off), nothing is sent.
 * Every delivery is for a different order, paid at the provider and still pending in the app;
 * the two sides alternate request by request (A B, B A, …) in rounds. Per round the p95 of each
 * side; the verdict is the median over rounds of the p95 ratio. Afterwards every "on" order's
 * message must have been sent (wamid kept, the stand-in counted it) and no "off" order has a row.
 */
import http from 'node:http';
import Database from 'better-sqlite3';
import { seal } from '../lib/security/sealed';
import type { BenchContext } from './lib/context';
import { fmtMs, fmtRatio, type TargetResult } from './lib/report';
import { BENCH_PORTS, startProviderStub, startServer, type Server } from './lib/server';
import { deliveryBody, onStub, paidAtStub, type Paid } from './lib/stub-payments';
import { median, percentile, round, sleep, summarize } from './lib/stats';

export const T19 = { id: 'T19', title: 'paid webhook with a WhatsApp message vs without (buyer consent), provider out of process', target: '≤ 1.05× (p95)' };

const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const PHONE_NUMBER_ID = '100000000000001';

/** Meta's send endpoint as far as the app reads it: a wamid per message. */
async function startGraphStandIn(port: number) {
  let sent = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === `/v21.0/${PHONE_NUMBER_ID}/messages`) {
        sent++;
        const to = (JSON.parse(body || '{}') as { to?: string }).to ?? '';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.bench${sent}` }] }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Unknown path', type: 'OAuthException', code: 100 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, sent: () => sent, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function write<T>(app: Server, fn: (db: Database.Database) => T): T {
  const db = new Database(app.appDbPath, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

export async function runT19(ctx: BenchContext): Promise<TargetResult> {
  const { quick, log } = ctx;
  const rounds = quick ? 2 : 5;
  const perRound = quick ? 15 : 40;
  const warmup = 5;
  const stub = await startProviderStub(BENCH_PORTS.provider);
  const graph = await startGraphStandIn(BENCH_PORTS.graph);
  let app: Server | undefined;
  try {
    app = await startServer({ port: BENCH_PORTS.second, env: { ...onStub(stub), WHATSAPP_GRAPH_URL: graph.url } });
    const server = app;
    // WhatsApp on in Configurações, with a (stand-in) token: "Pagamento confirmado" switched on.
    write(server, (db) =>
      db
        .prepare(
          `INSERT INTO whatsapp_settings (id, enabled, phone_number_id, token_sealed, send_instructions, send_paid, send_shipped)
           VALUES (1, 1, ?, ?, 1, 1, 1)
           ON CONFLICT(id) DO UPDATE SET enabled = 1, phone_number_id = excluded.phone_number_id, token_sealed = excluded.token_sealed, send_paid = 1`,
        )
        .run(PHONE_NUMBER_ID, seal('bench-graph-token', AUTH_SECRET, 'whatsapp-token')),
    );

    // Orders paid at the provider and pending in the app, half with the buyer's consent.
    const total = 2 * (warmup + rounds * perRound);
    log(`T19: preparing ${total} paid-at-provider orders`);
    const queue = { on: [] as Paid[], off: [] as Paid[] };
    for (let i = 0; i < total; i++) {
      const side = i % 2 === 0 ? 'on' : 'off';
      const paid = await paidAtStub(server, stub.url, false);
      write(server, (db) =>
        db.prepare('UPDATE orders SET buyer_phone = ?, whatsapp_consent = ?, whatsapp_consent_at = ? WHERE token = ?').run(`119${String(80000000 + i).padStart(8, '0')}`, side === 'on' ? 1 : 0, side === 'on' ? new Date().toISOString() : null, paid.token),
      );
      queue[side].push(paid);
    }

    const failures: string[] = [];
    const deliver = async (side: 'on' | 'off'): Promise<number> => {
      const p = queue[side].shift()!;
      const body = deliveryBody(p.payment.provider_id!);
      const t = performance.now();
      const r = await fetch(`${server.url}/api/webhooks/payments/${p.payment.webhook_token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await r.text();
      const ms = performance.now() - t;
      if (r.status !== 200) failures.push(`${side}: webhook → ${r.status}`);
      return ms;
    };
    for (let i = 0; i < warmup; i++) {
      await deliver('on');
      await deliver('off');
    }
    failures.length = 0;

    log(`T19: ${rounds} rounds × ${perRound} paid deliveries per side, alternating`);
    const perRoundFigures: { on: number; off: number; ratio: number }[] = [];
    const all = { on: [] as number[], off: [] as number[] };
    for (let r = 0; r < rounds; r++) {
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < perRound; i++) {
        if ((r + i) % 2 === 0) {
          a.push(await deliver('on'));
          b.push(await deliver('off'));
        } else {
          b.push(await deliver('off'));
          a.push(await deliver('on'));
        }
      }
      all.on.push(...a);
      all.off.push(...b);
      perRoundFigures.push({ on: round(percentile(a, 95), 1), off: round(percentile(b, 95), 1), ratio: round(percentile(a, 95) / percentile(b, 95), 3) });
    }

    // The switch held: every "on" order's message left (after its response), no "off" order has one.
    const onCount = warmup + rounds * perRound;
    const counts = () =>
      write(server, (db) => ({
        sent: (db.prepare("SELECT count(*) n FROM whatsapp_outbox WHERE kind = 'paid' AND status = 'sent' AND wamid LIKE 'wamid.bench%'").get() as { n: number }).n,
        rows: (db.prepare("SELECT count(*) n FROM whatsapp_outbox WHERE kind = 'paid'").get() as { n: number }).n,
        paid: (db.prepare("SELECT count(*) n FROM orders WHERE status = 'paid'").get() as { n: number }).n,
      }));
    const deadline = Date.now() + 30_000;
    let c = counts();
    while (c.sent < onCount && Date.now() < deadline) {
      await sleep(500);
      c = counts();
    }
    const ratio = median(perRoundFigures.map((x) => x.ratio));
    const sOn = summarize(all.on);
    const sOff = summarize(all.off);
    const switchOk = c.sent === onCount && c.rows === onCount && graph.sent() === onCount && c.paid >= 2 * onCount;
    const pass = ratio <= 1.05 && failures.length === 0 && switchOk;
    return {
      ...T19,
      headline:
        `${fmtRatio(ratio)} (median of ${rounds} rounds' p95 ratios; all ${rounds * perRound} each: p95 ${fmtMs(sOn.p95)} with vs ${fmtMs(sOff.p95)} without = ${fmtRatio(sOn.p95 / sOff.p95)}, ` +
        `p50 ${fmtMs(sOn.p50)} vs ${fmtMs(sOff.p50)} = ${fmtRatio(sOn.p50 / sOff.p50)}); WhatsApp sent ${c.sent}/${onCount} after the response, rows for the others ${c.rows - c.sent}`,
      verdict: pass ? 'pass' : 'fail',
      details: { rounds: perRoundFigures, perRound, on: sOn, off: sOff, medianRatioP95: ratio, whatsapp: { ...c, standInSends: graph.sent(), expected: onCount }, failures: failures.slice(0, 10) },
      notes: [
        ...(failures.length ? [`${failures.length} failed deliveries: ${failures[0]}`] : []),
        ...(switchOk ? [] : [`the WhatsApp side did not hold: ${JSON.stringify(c)}, stand-in sends ${graph.sent()} (expected ${onCount} each)`]),
      ],
    };
  } finally {
    await app?.stop();
    await graph.stop();
    await stub.stop();
  }
}
