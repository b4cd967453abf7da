/**
 * Webhook deliveries (docs/payment-api-contract.md and docs/sandbox.md, "Webhooks"): body `{id, type, created_at, data}` stored once
 * per event, so every retry sends the same event id; signed with the creating API key
 * (X-Pagou-Timestamp = real Unix seconds, X-Pagou-Signature = hex HMAC-SHA256 of timestamp +
 * raw body); retried after 1, 2, 4 … 64 s of sandbox time on a non-2xx answer or no answer
 * in 5 s, at most 8 attempts, then failed. Pending deliveries live in the sandbox database,
 * so a restart resumes them. Faults: a dropped delivery is never sent (recorded as dropped);
 * a duplicated one is sent twice; reorder sends a payment's due deliveries newest first.
 */
import { createHmac } from 'node:crypto';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '@balcao/payment-contract';
import { iso, sandboxNow } from './clock';
import type { SandboxContext } from './context';
import { inTransaction } from './db';
import { readFaults } from './faults';
import { apiKeyOfOwner } from './keys';
import { maskPayerIn } from '@balcao/br/personal-data';
import { checkWebhookTarget, TARGET_REFUSED } from '@balcao/server-kit/webhook-target';

export const MAX_ATTEMPTS = 8;
/** A claimed delivery is another process's for this long (real time) unless it finishes first. */
const LEASE_MS = 60_000;
export const WEBHOOK_USER_AGENT = 'BalcaoSandbox-Webhooks/1.0';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'dropped';
export type AttemptOutcome = 'delivered' | 'failed' | 'dropped' | 'duplicate';

export type DeliveryRow = {
  id: number;
  event_id: string;
  payment_id: string;
  owner: string;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number | null;
  lease_until: number | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  type: string;
  body: string;
};

export type AttemptRow = {
  id: number;
  delivery_id: number;
  attempt: number;
  at: number;
  outcome: AttemptOutcome;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
};

/** Wait before attempt n+1 after n failed attempts: 1, 2, 4 … 64 s. */
export function backoffMs(failedAttempts: number): number {
  return 1000 * 2 ** Math.max(0, failedAttempts - 1);
}

/** Lowercase hex HMAC-SHA256 of `timestamp + body`, keyed with the API key. */
export function signWebhook(apiKey: string, timestamp: string, body: string): string {
  return createHmac('sha256', apiKey).update(`${timestamp}${body}`, 'utf8').digest('hex');
}

/** "https://shop.example/api/webhooks/payments/abc123…": the per-payment token is not logged in full. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    const parts = u.pathname.split('/');
    const last = parts.pop() ?? '';
    parts.push(last.length > 6 ? `${last.slice(0, 6)}…` : last);
    return `${u.origin}${parts.join('/')}`;
  } catch {
    return '(invalid URL)';
  }
}

const SELECT = `SELECT d.*, e.type AS type, e.body AS body FROM deliveries d JOIN events e ON e.id = d.event_id`;

export function findDeliveries(ctx: SandboxContext, where: { owner?: string; paymentId?: string; limit?: number }): DeliveryRow[] {
  const clauses: string[] = [];
  const params: Record<string, unknown> = { limit: where.limit ?? 200 };
  if (where.owner !== undefined) {
    clauses.push('d.owner = @owner');
    params.owner = where.owner;
  }
  if (where.paymentId !== undefined) {
    clauses.push('d.payment_id = @paymentId');
    params.paymentId = where.paymentId;
  }
  const sql = `${SELECT} ${clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''} ORDER BY d.id DESC LIMIT @limit`;
  return ctx.db.prepare(sql).all(params) as DeliveryRow[];
}

export function attemptsOf(ctx: SandboxContext, deliveryIds: number[]): Map<number, AttemptRow[]> {
  const out = new Map<number, AttemptRow[]>();
  if (deliveryIds.length === 0) return out;
  const rows = ctx.db
    .prepare(`SELECT * FROM delivery_attempts WHERE delivery_id IN (${deliveryIds.map(() => '?').join(',')}) ORDER BY id`)
    .all(...deliveryIds) as AttemptRow[];
  for (const r of rows) out.set(r.delivery_id, [...(out.get(r.delivery_id) ?? []), r]);
  return out;
}

function duePending(ctx: SandboxContext, opts: { owner?: string; ignoreBackoff?: boolean }): DeliveryRow[] {
  const now = sandboxNow(ctx);
  const real = ctx.realNow();
  const params: Record<string, unknown> = { now, real };
  let sql = `${SELECT} WHERE d.status = 'pending' AND (d.lease_until IS NULL OR d.lease_until < @real)`;
  if (!opts.ignoreBackoff) sql += ' AND d.next_attempt_at <= @now';
  if (opts.owner !== undefined) {
    sql += ' AND d.owner = @owner';
    params.owner = opts.owner;
  }
  sql += ' ORDER BY d.next_attempt_at, d.id LIMIT 500';
  return ctx.db.prepare(sql).all(params) as DeliveryRow[];
}

function claim(ctx: SandboxContext, id: number): boolean {
  const real = ctx.realNow();
  const r = ctx.db
    .prepare(`UPDATE deliveries SET lease_until = ? WHERE id = ? AND status = 'pending' AND (lease_until IS NULL OR lease_until < ?)`)
    .run(real + LEASE_MS, id, real);
  return r.changes === 1;
}

type SendResult = { ok: boolean; statusCode: number | null; error: string | null; durationMs: number; refused?: boolean };

async function send(ctx: SandboxContext, d: DeliveryRow): Promise<SendResult> {
  const started = ctx.realNow();
  // Resolved now, not at creation: a name may point elsewhere by the time the event happens.
  const target = await checkWebhookTarget(d.url, ctx.targetPolicy, ctx.lookup);
  // One answer for a refused target and a refused connection (TARGET_REFUSED): the log does not map the network.
  if (!target.ok) return { ok: false, statusCode: null, error: TARGET_REFUSED, durationMs: 0, refused: true };
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': WEBHOOK_USER_AGENT };
  const apiKey = apiKeyOfOwner(ctx, d.owner);
  if (apiKey) {
    const timestamp = String(Math.floor(ctx.realNow() / 1000));
    headers[TIMESTAMP_HEADER] = timestamp;
    headers[SIGNATURE_HEADER] = signWebhook(apiKey, timestamp, d.body);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ctx.deliveryTimeoutMs);
  try {
    const res = await ctx.fetch(d.url, { method: 'POST', headers, body: d.body, redirect: 'manual', signal: controller.signal, cache: 'no-store' });
    // Read (and discard) the answer within the same timeout: a stalled body is no answer.
    await res.arrayBuffer().catch(() => undefined);
    const ok = res.status >= 200 && res.status < 300;
    return { ok, statusCode: res.status, error: ok ? null : `HTTP ${res.status}`, durationMs: ctx.realNow() - started };
  } catch {
    const error = controller.signal.aborted ? `no answer in ${Math.round(ctx.deliveryTimeoutMs / 1000)} s` : TARGET_REFUSED;
    return { ok: false, statusCode: null, error, durationMs: ctx.realNow() - started };
  } finally {
    clearTimeout(timer);
  }
}

function logAttempt(ctx: SandboxContext, deliveryId: number, attempt: number, outcome: AttemptOutcome, r: Partial<SendResult>): void {
  ctx.db
    .prepare('INSERT INTO delivery_attempts (delivery_id, attempt, at, outcome, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(deliveryId, attempt, sandboxNow(ctx), outcome, r.statusCode ?? null, r.error ?? null, r.durationMs ?? 0);
}

/** One attempt of one claimed delivery. Returns its status afterwards. */
async function attemptDelivery(ctx: SandboxContext, d: DeliveryRow): Promise<DeliveryStatus> {
  const log = ctx.log;
  const faults = readFaults(ctx);
  const attempt = d.attempts + 1;
  const meta = { delivery: d.id, event_id: d.event_id, type: d.type, payment_id: d.payment_id, url: maskUrl(d.url), attempt };

  if (d.attempts === 0 && faults.webhook_drop_rate > 0 && ctx.random() < faults.webhook_drop_rate) {
    inTransaction(ctx.db, () => {
      ctx.db
        .prepare(`UPDATE deliveries SET status = 'dropped', attempts = ?, next_attempt_at = NULL, lease_until = NULL, last_error = ?, updated_at = ? WHERE id = ?`)
        .run(attempt, 'dropped by the webhook_drop_rate fault', sandboxNow(ctx), d.id);
      logAttempt(ctx, d.id, attempt, 'dropped', { error: 'dropped by the webhook_drop_rate fault' });
    });
    log.info(meta, 'sandbox webhook dropped (fault)');
    return 'dropped';
  }

  const result = await send(ctx, d);
  let duplicate: SendResult | undefined;
  if (faults.webhook_duplicate_rate > 0 && ctx.random() < faults.webhook_duplicate_rate) duplicate = await send(ctx, d);
  if (ctx.closed) return 'pending';

  // A refused target is refused on every retry too: failed at once, nothing sent.
  const status: DeliveryStatus = result.ok ? 'delivered' : attempt >= MAX_ATTEMPTS || result.refused ? 'failed' : 'pending';
  inTransaction(ctx.db, () => {
    const now = sandboxNow(ctx);
    ctx.db
      .prepare(
        `UPDATE deliveries SET status = ?, attempts = ?, next_attempt_at = ?, lease_until = NULL, last_status_code = ?, last_error = ?, updated_at = ? WHERE id = ?`,
      )
      .run(status, attempt, status === 'pending' ? now + backoffMs(attempt) : null, result.statusCode, result.error, now, d.id);
    logAttempt(ctx, d.id, attempt, result.ok ? 'delivered' : 'failed', result);
    if (duplicate) logAttempt(ctx, d.id, attempt, 'duplicate', duplicate);
  });
  const line = { ...meta, status_code: result.statusCode, outcome: status, error: result.error ?? undefined, duplicated: !!duplicate };
  if (result.ok) log.info(line, 'sandbox webhook delivered');
  else log.warn(line, status === 'failed' ? 'sandbox webhook failed for good' : 'sandbox webhook attempt failed; will retry');
  return status;
}

export type DispatchSummary = { attempted: number; delivered: number; failed: number; dropped: number; pending: number };

function groupByPayment(rows: DeliveryRow[], reverse: boolean): DeliveryRow[][] {
  const groups = new Map<string, DeliveryRow[]>();
  for (const r of rows) groups.set(r.payment_id, [...(groups.get(r.payment_id) ?? []), r]);
  return [...groups.values()].map((g) => (reverse ? g.reverse() : g));
}

/**
 * Starts one attempt of each due delivery (all pending ones with `ignoreBackoff`) that no one
 * is attempting yet. A payment's deliveries go one after another, in event order (reversed
 * under the webhook_reorder fault); different payments in parallel. Returns when all end.
 */
export async function dispatch(ctx: SandboxContext, opts: { owner?: string; ignoreBackoff?: boolean } = {}): Promise<DispatchSummary> {
  const summary: DispatchSummary = { attempted: 0, delivered: 0, failed: 0, dropped: 0, pending: 0 };
  if (ctx.closed) return summary;
  const reorder = readFaults(ctx).webhook_reorder;
  const busyPayments = new Set<string>();
  const waitFor: Promise<void>[] = [];
  for (const [id, p] of ctx.inFlight) {
    const row = ctx.db.prepare('SELECT payment_id, owner FROM deliveries WHERE id = ?').get(id) as { payment_id: string; owner: string } | undefined;
    if (row) busyPayments.add(row.payment_id);
    if (row && (opts.owner === undefined || row.owner === opts.owner)) waitFor.push(p);
  }
  const groups = groupByPayment(
    duePending(ctx, opts).filter((d) => !ctx.inFlight.has(d.id) && !busyPayments.has(d.payment_id)),
    reorder,
  );
  const runs = groups.map((group) => {
    const run = (async () => {
      for (const d of group) {
        if (ctx.closed || !claim(ctx, d.id)) continue;
        summary.attempted++;
        const status = await attemptDelivery(ctx, { ...d });
        summary[status]++;
      }
    })();
    const tracked = run.catch((e) => ctx.log.error({ err: e }, 'sandbox webhook dispatch failed'));
    for (const d of group) ctx.inFlight.set(d.id, tracked);
    void tracked.finally(() => {
      for (const d of group) if (ctx.inFlight.get(d.id) === tracked) ctx.inFlight.delete(d.id);
    });
    return tracked;
  });
  await Promise.all([...runs, ...waitFor]);
  return summary;
}

/**
 * A delivery with its attempt log. The target's answers (HTTP status, error text) are for the
 * merchant's simulator page only (`targetAnswers`): returned to an API caller they would map
 * which internal hosts and ports answer (SSRF reconnaissance), so GET sim/webhooks leaves them out.
 */
export function deliveryView(ctx: SandboxContext, d: DeliveryRow, attempts: AttemptRow[] = [], opts: { targetAnswers?: boolean } = {}) {
  const answers = opts.targetAnswers === true;
  return {
    id: d.id,
    event_id: d.event_id,
    type: d.type,
    payment_id: d.payment_id,
    url: d.url,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.status === 'pending' && d.next_attempt_at !== null ? iso(d.next_attempt_at) : null,
    ...(answers ? { last_status_code: d.last_status_code, last_error: d.last_error } : {}),
    created_at: iso(d.created_at),
    updated_at: iso(d.updated_at),
    // The body as sent, but with the payer masked: this log is read by anyone holding a key (payer-mask.ts).
    event: maskPayerIn(JSON.parse(d.body) as unknown),
    log: attempts.map((a) => ({
      attempt: a.attempt,
      at: iso(a.at),
      outcome: a.outcome,
      ...(answers ? { status_code: a.status_code, error: a.error } : {}),
      duration_ms: a.duration_ms,
    })),
  };
}
