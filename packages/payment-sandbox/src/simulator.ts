/**
 * What the simulator page (/sandbox) shows and does, across every API key. The page's
 * server actions call these functions directly; messages are in Portuguese.
 */
import { barcodeToDigitableLine } from '@balcao/br/boleto';
import { formatBRL } from '@balcao/br/money';
import { advanceClock, clockOffsetMs, MAX_ADVANCE_SECONDS, sandboxNow } from './clock';
import type { SandboxContext } from './context';
import { findByCode, type CodeProblem } from './control-api';
import { inTransaction } from './db';
import { redeliverEvents } from './events';
import { readFaults, type Faults } from './faults';
import { customerIdOf, ownerLabel } from './keys';
import { boletoStatusNumber, descriptionOf, findPayment, pixStatusString, type PaymentRow } from './payments';
import { endNow, payNow, refundBoletoNow, tick, type OpResult } from './transitions';
import { attemptsOf, deliveryView, dispatch, findDeliveries, maskUrl } from './webhooks';

export type SimulatorResult = { ok: true; message: string } | { ok: false; error: string };

export type Badge = 'pending' | 'paid' | 'refunded' | 'canceled' | 'expired';

export type PaymentView = {
  id: string;
  kind: 'boleto' | 'pix';
  owner: string;
  customerId: string;
  apiStatus: string;
  label: string;
  badge: Badge;
  amount: string;
  description: string;
  dueDate: string;
  lastPayableDate: string;
  scenario: string;
  createdAt: number;
  paidAt: number | null;
  refunded: string | null;
  digitableLine: string | null;
  pixCode: string | null;
  hasWebhooks: boolean;
  canPay: boolean;
  canEnd: boolean;
  canRefundBoleto: boolean;
  registered: boolean;
};

function labelOf(row: PaymentRow): { label: string; badge: Badge } {
  switch (row.status) {
    case 'empty':
      return { label: row.kind === 'boleto' ? 'Em registro' : 'Em ativação', badge: 'pending' };
    case 'active':
      return { label: 'Aguardando pagamento', badge: 'pending' };
    case 'paid':
      return { label: 'Pago', badge: 'paid' };
    case 'refunded':
      return {
        label: row.refunded_cents !== null && row.refunded_cents < row.amount_cents ? 'Reembolsado parcialmente' : 'Reembolsado',
        badge: 'refunded',
      };
    case 'canceled':
      if (row.cancel_reason === 'expiry') return { label: 'Expirado', badge: 'expired' };
      if (row.cancel_reason === 'refused') return { label: 'Recusado', badge: 'canceled' };
      return { label: 'Cancelado', badge: 'canceled' };
  }
}

export function paymentView(ctx: SandboxContext, row: PaymentRow): PaymentView {
  const { label, badge } = labelOf(row);
  return {
    id: row.id,
    kind: row.kind,
    owner: ownerLabel(ctx, row.owner),
    customerId: customerIdOf(row.owner),
    apiStatus: row.kind === 'boleto' ? String(boletoStatusNumber(row.status)) : pixStatusString(row.status),
    label,
    badge,
    amount: formatBRL(row.amount_cents),
    description: descriptionOf(row),
    dueDate: row.due_date,
    lastPayableDate: row.last_payable_date,
    scenario: row.scenario,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    refunded: row.refunded_cents !== null ? formatBRL(row.refunded_cents) : null,
    digitableLine: row.barcode ? barcodeToDigitableLine(row.barcode) : null,
    pixCode: row.pix_code,
    hasWebhooks: !!row.notification_url,
    canPay: row.status === 'active',
    canEnd: row.status === 'active',
    canRefundBoleto: row.kind === 'boleto' && row.status === 'paid',
    registered: row.kind === 'boleto' && row.barcode !== null,
  };
}

export type SimulatorState = {
  now: number;
  offsetMs: number;
  faults: Faults;
  payments: PaymentView[];
  totalPayments: number;
  deliveries: (ReturnType<typeof deliveryView> & { maskedUrl: string })[];
};

export function simulatorState(ctx: SandboxContext, opts: { limit?: number } = {}): SimulatorState {
  tick(ctx);
  const rows = ctx.db.prepare('SELECT * FROM payments ORDER BY seq DESC LIMIT ?').all(opts.limit ?? 100) as PaymentRow[];
  const total = (ctx.db.prepare('SELECT COUNT(*) AS n FROM payments').get() as { n: number }).n;
  const deliveries = findDeliveries(ctx, { limit: 50 });
  const attempts = attemptsOf(ctx, deliveries.map((d) => d.id));
  return {
    now: sandboxNow(ctx),
    offsetMs: clockOffsetMs(ctx),
    faults: readFaults(ctx),
    payments: rows.map((r) => paymentView(ctx, r)),
    totalPayments: total,
    deliveries: deliveries.map((d) => ({ ...deliveryView(ctx, d, attempts.get(d.id), { targetAnswers: true }), maskedUrl: maskUrl(d.url) })),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One payment as the simulator shows it (the per-order page), or null for an unknown id. */
export function simulatorPayment(ctx: SandboxContext, id: string): PaymentView | null {
  if (!UUID.test(id)) return null;
  tick(ctx);
  const row = findPayment(ctx, id.toLowerCase());
  return row ? paymentView(ctx, row) : null;
}

/** The outcome in Portuguese; a refusal names the payment's state as the page shows it. */
function result(ctx: SandboxContext, id: string, r: OpResult, done: string, verb: string): SimulatorResult {
  if (r.ok) return { ok: true, message: done };
  const row = r.code === 'not_found' ? undefined : findPayment(ctx, id);
  if (!row) return { ok: false, error: 'Cobrança não encontrada.' };
  return { ok: false, error: `Não foi possível ${verb}: a cobrança está “${labelOf(row).label}”.` };
}

function withId(id: string, fn: () => SimulatorResult): SimulatorResult {
  if (!UUID.test(id)) return { ok: false, error: 'Cobrança não encontrada.' };
  return fn();
}

export function simulatorPay(ctx: SandboxContext, id: string): SimulatorResult {
  return withId(id, () => result(ctx, id, payNow(ctx, id), 'Pagamento confirmado.', 'pagar'));
}

export function simulatorExpire(ctx: SandboxContext, id: string): SimulatorResult {
  return withId(id, () => result(ctx, id, endNow(ctx, id, 'expiry'), 'Cobrança expirada (status cancelado, sem evento).', 'expirar'));
}

export function simulatorRefuse(ctx: SandboxContext, id: string): SimulatorResult {
  return withId(id, () => result(ctx, id, endNow(ctx, id, 'refused'), 'Cobrança recusada (status cancelado, sem evento).', 'recusar'));
}

export function simulatorRefundBoleto(ctx: SandboxContext, id: string): SimulatorResult {
  return withId(id, () => result(ctx, id, refundBoletoNow(ctx, id), 'Boleto reembolsado.', 'reembolsar'));
}

export function simulatorRedeliver(ctx: SandboxContext, id: string): SimulatorResult {
  return withId(id, () => {
    const row = findPayment(ctx, id);
    if (!row) return { ok: false, error: 'Cobrança não encontrada.' };
    if (!row.notification_url) return { ok: false, error: 'Esta cobrança não tem notification_url: não há webhooks para reenviar.' };
    const n = inTransaction(ctx.db, () => redeliverEvents(ctx, row, sandboxNow(ctx)));
    if (n === 0) return { ok: false, error: 'Esta cobrança ainda não gerou eventos.' };
    void dispatch(ctx).catch(() => undefined);
    return { ok: true, message: n === 1 ? '1 evento reenfileirado.' : `${n} eventos reenfileirados.` };
  });
}

const CODE_PROBLEMS: Record<CodeProblem, string> = {
  invalid_pix: 'Código Pix inválido: confira se foi copiado inteiro (o CRC não confere).',
  line_check_digits: 'Linha digitável inválida: os dígitos verificadores não conferem.',
  barcode_check_digit: 'Código de barras inválido: o dígito verificador não confere.',
  unrecognized: 'Código não reconhecido: cole um Pix copia e cola, uma linha digitável (47 dígitos) ou um código de barras (44 dígitos).',
  unknown_code: 'Nenhuma cobrança do sandbox tem este código.',
};

export function simulatorPayCode(ctx: SandboxContext, code: string): SimulatorResult {
  if (!code.trim()) return { ok: false, error: 'Cole um código Pix copia e cola, uma linha digitável ou um código de barras.' };
  if (code.length > 1000) return { ok: false, error: 'Código longo demais.' };
  const found = findByCode(ctx, code);
  if (!found.ok) return { ok: false, error: CODE_PROBLEMS[found.problem] };
  return result(ctx, found.id, payNow(ctx, found.id), found.kind === 'pix' ? 'Pix pago.' : 'Boleto pago.', 'pagar');
}

export function simulatorAdvanceClock(ctx: SandboxContext, seconds: number): SimulatorResult {
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS) {
    return { ok: false, error: 'Informe um avanço de 0 segundo a 10 anos (o relógio nunca volta).' };
  }
  advanceClock(ctx, seconds);
  tick(ctx);
  return { ok: true, message: 'Relógio do sandbox adiantado.' };
}
