/**
 * A payment's timeline for the merchant: every payment_events row and every
 * webhook_deliveries row, merged by time (oldest first), worded in Portuguese. Pure.
 */
import type { EmailAttempt, EmailOutboxRow, FulfillmentStatus, OrderStatus, PaymentEvent, WebhookDelivery } from '@/db/schema';
import { formatDateTimeBR } from '@balcao/br/dates';
import { EMAIL_KIND_LABELS, EMAIL_STATUS_LABELS } from '@/lib/email/labels';
import { formatBRL } from '@balcao/br/money';
import { statusLabel } from '@/lib/orders/status-labels';
import { FULFILMENT_LABELS } from '@/lib/fulfilment/moves';
import { REFUND_REASON_LABELS } from './refund-reasons';

export type TimelineTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export type TimelineEntry = {
  key: string;
  at: string;
  kind: 'event' | 'webhook' | 'email';
  title: string;
  /** Short facts, already in Portuguese ("Origem: webhook", "Por: demo@balcao.dev"). */
  facts: string[];
  tone: TimelineTone;
  /** Raw data shown in a <details>: the webhook body, or the event's JSON detail. */
  raw?: { label: string; text: string };
};

export const SOURCE_LABELS: Record<string, string> = {
  checkout: 'checkout',
  webhook: 'webhook',
  reconcile: 'reconciliação',
  merchant: 'lojista',
  status_poll: 'consulta da página do comprador',
};

export const SIGNATURE_LABELS: Record<string, string> = {
  valid: 'Assinatura válida',
  invalid: 'Assinatura inválida',
  stale: 'Assinatura vencida (horário fora da tolerância)',
  absent: 'Sem assinatura',
};

export const OUTCOME_LABELS: Record<string, string> = {
  applied: 'Status lido no provedor e aplicado',
  no_change: 'Status lido no provedor: sem mudança',
  unknown_token: 'Endereço desconhecido: ignorado',
  rejected: 'Recusado',
  fetch_failed: 'Falha ao consultar o provedor (o provedor tentará de novo; a reconciliação cobre)',
  too_large: 'Corpo grande demais: recusado',
};

const STATUS_TITLES: Partial<Record<OrderStatus, { title: string; tone: TimelineTone }>> = {
  paid: { title: 'Pagamento confirmado', tone: 'success' },
  refunded: { title: 'Reembolso confirmado', tone: 'info' },
  canceled: { title: 'Cobrança cancelada', tone: 'neutral' },
  expired: { title: 'Cobrança expirada', tone: 'neutral' },
  pending: { title: 'Aguardando pagamento', tone: 'neutral' },
};

const EVENT_TITLES: Record<string, { title: string; tone: TimelineTone }> = {
  create_requested: { title: 'Pedido criado; cobrança solicitada ao provedor', tone: 'neutral' },
  created: { title: 'Cobrança criada no provedor', tone: 'neutral' },
  create_failed: { title: 'Falha ao criar a cobrança', tone: 'danger' },
  registered: { title: 'Boleto registrado', tone: 'neutral' },
  late_payment: { title: 'Pagamento tardio: pago depois de cancelado ou expirado', tone: 'warning' },
  cancel_requested: { title: 'Cancelamento solicitado', tone: 'neutral' },
  cancel_failed: { title: 'Cancelamento recusado', tone: 'danger' },
  refund_requested: { title: 'Reembolso solicitado', tone: 'info' },
  refund_failed: { title: 'Reembolso recusado', tone: 'danger' },
  stock_returned: { title: 'Unidades devolvidas ao estoque pelo lojista', tone: 'info' },
  reconciled: { title: 'Reconciliação', tone: 'neutral' },
  reconcile_failed: { title: 'Reconciliação sem resposta do provedor', tone: 'warning' },
  unknown_status: { title: 'Status desconhecido informado pelo provedor', tone: 'warning' },
  amount_mismatch: { title: 'Valor no provedor diferente do pedido', tone: 'danger' },
  error: { title: 'Erro', tone: 'danger' },
  email_resend_requested: { title: 'Reenvio do e-mail com as instruções pedido', tone: 'neutral' },
  tracking_corrected: { title: 'Rastreio corrigido', tone: 'info' },
  manual_refund: { title: 'Reembolso manual registrado (fora do provedor)', tone: 'info' },
  buyer_anonymised: { title: 'Dados do comprador anonimizados (LGPD)', tone: 'info' },
};

const FULFILMENT_TITLES: Record<string, { title: string; tone: TimelineTone }> = {
  shipped: { title: 'Enviado', tone: 'info' },
  delivered: { title: 'Entregue', tone: 'success' },
  ready_for_pickup: { title: 'Pronto para retirada', tone: 'info' },
  picked_up: { title: 'Retirado', tone: 'success' },
};

const ACTION_LABELS: Record<string, string> = { cancel: 'cancelamento pelo lojista', refund: 'reembolso pelo lojista' };

type Detail = Record<string, unknown>;

function parseDetail(text: string | null): Detail | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Detail) : null;
  } catch {
    return null;
  }
}

const cents = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? formatBRL(v) : null);
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);

function statusName(s: string | null): string {
  if (s && s in FULFILMENT_LABELS) return FULFILMENT_LABELS[s as FulfillmentStatus];
  return s && s in STATUS_TITLES ? statusLabel(s as OrderStatus) : (s ?? '—');
}

function detailFacts(d: Detail | null): string[] {
  if (!d) return [];
  const facts: string[] = [];
  const actor = text(d.actor);
  if (actor) facts.push(`Por: ${actor}`);
  const amount = cents(d.amountCents);
  if (amount) facts.push(`Valor: ${amount}`);
  const reason = d.reason;
  if (typeof reason === 'number' && reason in REFUND_REASON_LABELS) facts.push(`Motivo: ${REFUND_REASON_LABELS[reason as 1 | 2 | 3 | 4]}`);
  else if (text(reason)) facts.push(`Motivo: ${text(reason)}`);
  const carrier = text(d.carrier);
  if (carrier) facts.push(`Transportadora: ${carrier}`);
  const code = text(d.trackingCode);
  if (code) facts.push(`Código de rastreio: ${code}`);
  const previous = text(d.previousTrackingCode);
  if (previous) facts.push(`Código anterior: ${previous}`);
  const description = text(d.description);
  if (description) facts.push(`Descrição: ${description}`);
  const expected = cents(d.expectedCents);
  const provider = cents(d.providerCents);
  if (expected && provider) facts.push(`Pedido: ${expected}; provedor: ${provider}`);
  const providerStatus = text(d.providerStatus);
  if (providerStatus) facts.push(`Status no provedor: ${providerStatus}`);
  const providerId = text(d.providerId);
  if (providerId) facts.push(`Id no provedor: ${providerId}`);
  const action = text(d.action);
  if (action) facts.push(`Ação: ${ACTION_LABELS[action] ?? action}`);
  const why = text(d.why);
  if (why) facts.push(`Detalhe: ${why}`);
  const error = text(d.error) ?? text(d.message);
  if (error) facts.push(`Mensagem: ${error}`);
  return facts;
}

export function eventEntry(e: PaymentEvent): TimelineEntry {
  const d = parseDetail(e.detail);
  let title: string;
  let tone: TimelineTone;
  if (e.type === 'status_changed' && e.toStatus) {
    const known = STATUS_TITLES[e.toStatus as OrderStatus];
    title = known?.title ?? `Status: ${statusName(e.toStatus)}`;
    tone = known?.tone ?? 'neutral';
  } else if (e.type === 'fulfillment_changed' && e.toStatus) {
    const known = FULFILMENT_TITLES[e.toStatus];
    title = known?.title ?? `Entrega: ${statusName(e.toStatus)}`;
    tone = known?.tone ?? 'neutral';
  } else {
    const known = EVENT_TITLES[e.type];
    title = known?.title ?? `Evento: ${e.type}`;
    tone = known?.tone ?? 'neutral';
  }
  const facts: string[] = [];
  if (e.fromStatus || e.toStatus) facts.push(`${statusName(e.fromStatus)} → ${statusName(e.toStatus)}`);
  facts.push(`Origem: ${SOURCE_LABELS[e.source] ?? e.source}`);
  facts.push(...detailFacts(d));
  return {
    key: `e${e.id}`,
    at: e.createdAt,
    kind: 'event',
    title,
    facts,
    tone,
    raw: e.detail ? { label: 'Dados do evento', text: prettyJson(e.detail) } : undefined,
  };
}

export function deliveryEntry(w: WebhookDelivery): TimelineEntry {
  const ok = w.httpStatus >= 200 && w.httpStatus < 300;
  const facts = [
    OUTCOME_LABELS[w.outcome] ?? `Resultado: ${w.outcome}`,
    SIGNATURE_LABELS[w.signature] ?? `Assinatura: ${w.signature}`,
    `Resposta HTTP ${w.httpStatus}`,
  ];
  if (w.eventId) facts.push(`Id do evento: ${w.eventId}`);
  return {
    key: `w${w.id}`,
    at: w.receivedAt,
    kind: 'webhook',
    title: `Webhook recebido${w.eventType ? `: ${w.eventType}` : ''}`,
    facts,
    tone: ok ? (w.signature === 'invalid' || w.signature === 'stale' ? 'warning' : 'info') : 'danger',
    raw: w.body ? { label: 'Corpo recebido', text: prettyJson(w.body) } : { label: 'Corpo recebido', text: '(vazio)' },
  };
}

const EMAIL_TONES: Record<EmailOutboxRow['status'], TimelineTone> = { pending: 'info', sending: 'info', sent: 'success', failed: 'danger', skipped: 'neutral' };
const ATTEMPT_OUTCOMES: Record<string, string> = { sent: 'enviado', retry: 'falhou, nova tentativa agendada', failed: 'falhou, desistimos', skipped: 'não enviado' };

/** One e-mail to the shopper: queued, sent, failed (with the reason), or not sent (and why). */
export function emailEntry(row: EmailOutboxRow, attempts: EmailAttempt[]): TimelineEntry {
  const resend = row.dedupeKey.includes(':resend:');
  const facts = [`Para: ${row.recipient}`];
  if (row.status === 'sent' && row.sentAt) facts.push(`Enviado em ${formatDateTimeBR(row.sentAt)}${row.transport === 'catcher' ? ' (guardado no sandbox: /sandbox/emails)' : ''}`);
  if (row.status === 'pending' && row.attempts > 0) facts.push(`Próxima tentativa: ${formatDateTimeBR(row.nextAttemptAt)}`);
  if (row.lastError) facts.push(`Motivo: ${row.lastError}`);
  for (const a of attempts) facts.push(`Tentativa ${a.attempt} (${formatDateTimeBR(a.at)}): ${ATTEMPT_OUTCOMES[a.outcome] ?? a.outcome}${a.error && a.outcome !== 'skipped' ? ` — ${a.error}` : ''}`);
  return {
    key: `m${row.id}`,
    at: row.createdAt,
    kind: 'email',
    title: `E-mail${resend ? ' reenviado' : ''} "${EMAIL_KIND_LABELS[row.kind]}": ${EMAIL_STATUS_LABELS[row.status]}`,
    facts,
    tone: EMAIL_TONES[row.status],
  };
}

/** Pretty-prints JSON; anything else is shown as received. */
export function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** Oldest first; at the same instant, events before webhooks before e-mails, each in insertion order. */
export function buildTimeline(events: PaymentEvent[], deliveries: WebhookDelivery[], emails: { row: EmailOutboxRow; attempts: EmailAttempt[] }[] = []): TimelineEntry[] {
  const entries = [
    ...events.map((e) => ({ entry: eventEntry(e), order: 0, id: e.id })),
    ...deliveries.map((w) => ({ entry: deliveryEntry(w), order: 1, id: w.id })),
    ...emails.map((m) => ({ entry: emailEntry(m.row, m.attempts), order: 2, id: m.row.id })),
  ];
  entries.sort((a, b) => {
    const ta = Date.parse(a.entry.at);
    const tb = Date.parse(b.entry.at);
    if (ta !== tb) return ta - tb;
    if (a.order !== b.order) return a.order - b.order;
    return a.id - b.id;
  });
  return entries.map((x) => x.entry);
}
