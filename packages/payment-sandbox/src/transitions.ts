/**
 * The state machines of the API (docs/payment-api-contract.md, docs/sandbox.md "States and time"):
 *
 *   boleto  1 empty ─registration (2 s)→ 2 active ─paid→ 4 paid ─refund (simulator)→ 5 refunded
 *                                        2 active ─DELETE or expiry→ 3 canceled
 *   Pix     empty ─activation (1 s)→ active ─paid→ completed ─DELETE …/refund→ refunded
 *                                     active ─DELETE or expiry→ canceled
 *
 * canceled and refunded are final. Clock-driven moves (activation, scenario outcomes,
 * expiry) happen at their own moment of sandbox time, in order, as soon as the clock has
 * passed it: the worker's tick and the start of every sandbox request call `tick`.
 * Every move is one transaction together with its event and its balance change.
 */
import { buildBoletoBarcode } from '@balcao/br/boleto';
import type { RefundRequest } from '@balcao/payment-contract';
import { sandboxNow } from './clock';
import type { SandboxContext } from './context';
import { inTransaction } from './db';
import { recordEvent } from './events';
import {
  boletoReadBody,
  boletoRegisteredBody,
  boletoStatusNumber,
  findPayment,
  pixReadBody,
  SANDBOX_BANK,
  type CancelReason,
  type PaymentKind,
  type PaymentRow,
  type PaymentStatus,
} from './payments';

/** A payment whose scenario decides its fate is paid or refused this long after activation. */
export const SCENARIO_DELAY_MS = 1_000;
export const ACTIVATION_DELAY_MS: Record<PaymentKind, number> = { pix: 1_000, boleto: 2_000 };

export type OpResult = { ok: true; row: PaymentRow } | { ok: false; code: 'not_found' | 'state' | 'invalid'; message: string };

const BOLETO_WORDS: Record<PaymentStatus, string> = {
  empty: 'not yet registered',
  active: 'active',
  canceled: 'canceled',
  paid: 'paid',
  refunded: 'refunded',
};

export function describeStatus(row: PaymentRow): string {
  return row.kind === 'boleto'
    ? `status ${boletoStatusNumber(row.status)} (${BOLETO_WORDS[row.status]})`
    : `status ${row.status === 'paid' ? 'completed' : row.status}`;
}

function save(ctx: SandboxContext, row: PaymentRow, patch: Partial<PaymentRow>): PaymentRow {
  const keys = Object.keys(patch);
  ctx.db.prepare(`UPDATE payments SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run({ ...patch, id: row.id });
  return { ...row, ...patch };
}

function moveBalance(ctx: SandboxContext, owner: string, cents: number): void {
  ctx.db
    .prepare('INSERT INTO customers (owner, balance_cents) VALUES (?, ?) ON CONFLICT (owner) DO UPDATE SET balance_cents = balance_cents + excluded.balance_cents')
    .run(owner, cents);
}

export function balanceOf(ctx: SandboxContext, owner: string): number {
  const row = ctx.db.prepare('SELECT balance_cents FROM customers WHERE owner = ?').get(owner) as { balance_cents: number } | undefined;
  return row?.balance_cents ?? 0;
}

/** 25 digits: agency 0001, the payment's sequence number (14), 7 digits from its id. */
export function freeFieldOf(row: PaymentRow): string {
  const fromId = String(parseInt(row.id.replace(/-/g, '').slice(0, 8), 16) % 10_000_000).padStart(7, '0');
  return `0001${String(row.seq).padStart(14, '0')}${fromId}`;
}

// ---------- single moves (inside a transaction, on the current row) ----------

function activate(ctx: SandboxContext, row: PaymentRow, at: number): PaymentRow {
  if (row.kind === 'pix') return save(ctx, row, { status: 'active', updated_at: at });
  const barcode = buildBoletoBarcode({ bankCode: SANDBOX_BANK.code, amountCents: row.amount_cents, dueDate: row.due_date, freeField: freeFieldOf(row) });
  const next = save(ctx, row, { status: 'active', updated_at: at, registered_at: at, barcode });
  recordEvent(ctx, next, 'charge.created', at, boletoRegisteredBody(ctx, next));
  return next;
}

function pay(ctx: SandboxContext, row: PaymentRow, at: number): PaymentRow {
  const next = save(ctx, row, { status: 'paid', updated_at: at, paid_at: at, paid_cents: row.amount_cents });
  moveBalance(ctx, row.owner, row.amount_cents);
  if (row.kind === 'boleto') recordEvent(ctx, next, 'ChargePaid', at, boletoReadBody(ctx, next));
  else recordEvent(ctx, next, 'QRCodeCompleted', at, pixReadBody(next));
  return next;
}

function cancel(ctx: SandboxContext, row: PaymentRow, at: number, reason: CancelReason): PaymentRow {
  return save(ctx, row, { status: 'canceled', updated_at: at, canceled_at: at, cancel_reason: reason });
}

function refund(ctx: SandboxContext, row: PaymentRow, at: number, cents: number, request?: RefundRequest): PaymentRow {
  const next = save(ctx, row, {
    status: 'refunded',
    updated_at: at,
    refunded_at: at,
    refunded_cents: cents,
    refund_json: request ? JSON.stringify(request) : null,
  });
  moveBalance(ctx, row.owner, -cents);
  if (row.kind === 'pix') recordEvent(ctx, next, 'QRCodeRefunded', at, pixReadBody(next));
  return next;
}

/** Applies, in order, every clock-driven move of one payment whose moment is at or before `now`. */
function advance(ctx: SandboxContext, start: PaymentRow, now: number): PaymentRow {
  let row = start;
  for (;;) {
    if (row.status === 'empty' && row.activate_at <= now) {
      row = activate(ctx, row, row.activate_at);
      continue;
    }
    if (row.status === 'active') {
      const outcomeAt = row.scenario !== 'pending' && row.outcome_at !== null ? row.outcome_at : Infinity;
      if (outcomeAt <= now && outcomeAt < row.expires_at) {
        row = row.scenario === 'approved' ? pay(ctx, row, outcomeAt) : cancel(ctx, row, outcomeAt, 'refused');
        continue;
      }
      if (row.expires_at <= now) {
        row = cancel(ctx, row, row.expires_at, 'expiry');
        continue;
      }
    }
    return row;
  }
}

/** Brings every payment up to the sandbox clock. Returns how many changed. */
export function tick(ctx: SandboxContext): number {
  const now = sandboxNow(ctx);
  const ids = ctx.db
    .prepare(
      // One search per deadline (an index each), not a scan of every open charge.
      `SELECT id, seq FROM payments WHERE status = 'empty' AND activate_at <= @now
       UNION SELECT id, seq FROM payments WHERE status = 'active' AND expires_at <= @now
       UNION SELECT id, seq FROM payments WHERE status = 'active' AND outcome_at <= @now AND scenario <> 'pending'
       ORDER BY seq`,
    )
    .all({ now }) as { id: string }[];
  let changed = 0;
  for (const { id } of ids) {
    try {
      inTransaction(ctx.db, () => {
        const row = findPayment(ctx, id);
        if (row && advance(ctx, row, now) !== row) changed++;
      });
    } catch (e) {
      // One broken row must not stop the others (nor every request): it stays as it was.
      ctx.log.error({ err: e, payment_id: id }, 'sandbox: a clock-driven transition failed');
    }
  }
  return changed;
}

// ---------- operations (one transaction each) ----------

type Scope = { owner?: string; kind?: PaymentKind };

const NOUN: Record<PaymentKind, string> = { boleto: 'boleto', pix: 'QR code' };

/** Loads the payment inside the transaction, checks scope, brings it up to the clock. */
function load(ctx: SandboxContext, id: string, scope: Scope, now: number): PaymentRow | undefined {
  const row = findPayment(ctx, id);
  if (!row) return undefined;
  if (scope.owner !== undefined && row.owner !== scope.owner) return undefined;
  if (scope.kind !== undefined && row.kind !== scope.kind) return undefined;
  return advance(ctx, row, now);
}

function notFound(scope: Scope): OpResult {
  return { ok: false, code: 'not_found', message: scope.kind ? `${NOUN[scope.kind]} not found` : 'payment not found' };
}

/** DELETE /v1/charges/{id}, DELETE /v1/pix/{id}: only an active payment. */
export function cancelByRequest(ctx: SandboxContext, id: string, scope: Scope & { kind: PaymentKind }): OpResult {
  return inTransaction(ctx.db, () => {
    const now = sandboxNow(ctx);
    const row = load(ctx, id, scope, now);
    if (!row) return notFound(scope);
    if (row.status !== 'active') {
      const what = row.kind === 'boleto' ? 'an active boleto (status 2)' : 'an active QR code';
      return { ok: false, code: 'state', message: `Only ${what} can be canceled; this one has ${describeStatus(row)}` };
    }
    return { ok: true, row: cancel(ctx, row, now, 'request') };
  });
}

/** DELETE /v1/pix/{id}/refund: one refund per QR code, partial or total; the QR code becomes refunded either way. */
export function refundPixByRequest(ctx: SandboxContext, id: string, scope: Scope, request: RefundRequest, cents: number): OpResult {
  return inTransaction(ctx.db, () => {
    const now = sandboxNow(ctx);
    const row = load(ctx, id, { ...scope, kind: 'pix' }, now);
    if (!row) return notFound({ ...scope, kind: 'pix' });
    if (row.status !== 'paid') {
      const already = row.status === 'refunded' ? ' (one refund per QR code)' : '';
      return { ok: false, code: 'state', message: `Only a completed QR code can be refunded; this one has ${describeStatus(row)}${already}` };
    }
    if (cents > row.amount_cents) {
      return { ok: false, code: 'invalid', message: `amount: must be at most the QR code's amount (${(row.amount_cents / 100).toFixed(2)})` };
    }
    return { ok: true, row: refund(ctx, row, now, cents, request) };
  });
}

/** A buyer pays: an active boleto or QR code becomes paid, for its nominal amount. */
export function payNow(ctx: SandboxContext, id: string, scope: Scope = {}): OpResult {
  return inTransaction(ctx.db, () => {
    const now = sandboxNow(ctx);
    const row = load(ctx, id, scope, now);
    if (!row) return notFound(scope);
    if (row.status !== 'active') {
      return { ok: false, code: 'state', message: `Not payable: the ${NOUN[row.kind]} has ${describeStatus(row)}` };
    }
    return { ok: true, row: pay(ctx, row, now) };
  });
}

/**
 * Simulator: a boleto canceled at the provider is settled anyway (a bank that had already
 * accepted the payment when the cancellation arrived): canceled → paid, with its ChargePaid
 * event. What the app must survive after switching a boleto to Pix.
 */
export function settleCanceledBoletoNow(ctx: SandboxContext, id: string, scope: Scope = {}): OpResult {
  return inTransaction(ctx.db, () => {
    const now = sandboxNow(ctx);
    const row = load(ctx, id, { ...scope, kind: 'boleto' }, now);
    if (!row) return notFound({ ...scope, kind: 'boleto' });
    if (row.status !== 'canceled' || !row.registered_at) {
      return { ok: false, code: 'state', message: `Only a registered boleto that was canceled can be settled late; this one has ${describeStatus(row)}` };
    }
    return { ok: true, row: pay(ctx, row, now) };
  });
}

/** Simulator: a paid boleto is refunded in full (the API has no boleto refund). */
export function refundBoletoNow(ctx: SandboxContext, id: string, scope: Scope = {}): OpResult {
  return inTransaction(ctx.db, () => {
    const now = sandboxNow(ctx);
    const row = load(ctx, id, { ...scope, kind: 'boleto' }, now);
    if (!row) return notFound({ ...scope, kind: 'boleto' });
    if (row.status !== 'paid') {
      return { ok: false, code: 'state', message: `Only a paid boleto (status 4) can be refunded; this one has ${describeStatus(row)}` };
    }
    return { ok: true, row: refund(ctx, row, now, row.amount_cents) };
  });
}

/** Simulator: an active payment expires now, or is refused by the bank now; either way it is canceled. */
export function endNow(ctx: SandboxContext, id: string, reason: 'expiry' | 'refused', scope: Scope = {}): OpResult {
  return inTransaction(ctx.db, () => {
    const now = sandboxNow(ctx);
    const row = load(ctx, id, scope, now);
    if (!row) return notFound(scope);
    if (row.status !== 'active') {
      return { ok: false, code: 'state', message: `Only an active ${NOUN[row.kind]} can ${reason === 'expiry' ? 'expire' : 'be refused'}; this one has ${describeStatus(row)}` };
    }
    return { ok: true, row: cancel(ctx, row, now, reason) };
  });
}
