/**
 * An order's timeline for the merchant: every payment_events row, every webhook_deliveries row
 * and every e-mail, merged by time (oldest first). Each entry's title and facts are in the
 * shopkeeper's words ("Pagamento confirmado pelo banco"); what only an engineer reads (the
 * provider's statuses and ids, signatures, HTTP codes, raw bodies) is kept whole in
 * `technical`, shown under "Detalhes técnicos". Pure.
 */
import type { EmailAttempt, EmailOutboxRow, EmailStatus, FulfillmentStatus, OrderNote, OrderStatus, OutboxKind, PaymentEvent, WebhookDelivery } from '@/db/schema';
import type { PaymentEventType } from '@/lib/payments';
import { formatDateTimeBR } from '@balcao/br/dates';
import { EMAIL_KIND_LABELS, EMAIL_STATUS_LABELS } from '@/lib/email';
import { formatBRL } from '@balcao/br/money';
import { statusLabel } from '@/lib/orders/status-labels';
import { FULFILMENT_LABELS } from '@/lib/fulfilment/moves';
import { REFUND_REASON_LABELS } from '@/lib/payments/forms';

export type TimelineTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export type TimelineEntry = {
  key: string;
  at: string;
  kind: 'event' | 'webhook' | 'email' | 'note';
  /** What happened, as the shopkeeper says it. */
  title: string;
  /** Facts a shopkeeper reads ("Por: demo@balcao.dev", "Valor: R$ 15,00"). */
  facts: string[];
  tone: TimelineTone;
  /** "Detalhes técnicos": the origin, the provider's status and id, signature, HTTP code… */
  technical: string[];
  /** Raw data under "Detalhes técnicos": the webhook body, or the event's JSON detail. */
  raw?: { label: string; text: string };
};

type Words = { title: string; tone: TimelineTone };

export const SOURCE_LABELS: Record<string, string> = {
  checkout: 'checkout',
  webhook: 'webhook',
  reconcile: 'reconciliação',
  merchant: 'lojista',
  status_poll: 'consulta da página do comprador',
  buyer: 'comprador',
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

/** A payment state entered. Complete by type: a new state without words does not compile. */
export const STATUS_WORDS: Record<OrderStatus, Words> = {
  pending: { title: 'Aguardando pagamento', tone: 'neutral' },
  paid: { title: 'Pagamento confirmado pelo banco', tone: 'success' },
  refunded: { title: 'Reembolso concluído', tone: 'info' },
  canceled: { title: 'Cobrança cancelada', tone: 'neutral' },
  expired: { title: 'Prazo para pagar acabou', tone: 'neutral' },
};

/** A fulfilment state entered ("shipped" gets its carrier and code: see fulfilmentTitle). */
export const FULFILMENT_WORDS: Record<FulfillmentStatus, Words> = {
  unfulfilled: { title: 'Voltou para "A enviar"', tone: 'neutral' },
  shipped: { title: 'Enviado', tone: 'info' },
  delivered: { title: 'Entregue ao comprador', tone: 'success' },
  ready_for_pickup: { title: 'Pronto para retirada', tone: 'info' },
  picked_up: { title: 'Retirado pelo comprador', tone: 'success' },
};

/**
 * Every other kind of event. Complete by type (lib/payments/events.ts lists the kinds), so a
 * kind added there without words here does not compile, and the table test fails.
 */
export const EVENT_WORDS: Record<Exclude<PaymentEventType, 'status_changed' | 'fulfillment_changed'>, Words> = {
  create_requested: { title: 'Pedido criado', tone: 'neutral' },
  created: { title: 'Cobrança gerada', tone: 'neutral' },
  create_failed: { title: 'Não foi possível gerar a cobrança', tone: 'danger' },
  registered: { title: 'Boleto registrado no banco', tone: 'neutral' },
  late_payment: { title: 'Pago depois de cancelado ou expirado', tone: 'warning' },
  unknown_status: { title: 'O banco informou uma situação desconhecida', tone: 'warning' },
  amount_mismatch: { title: 'Valor pago diferente do valor do pedido', tone: 'danger' },
  cancel_requested: { title: 'Cancelamento pedido', tone: 'neutral' },
  cancel_failed: { title: 'Cancelamento não aceito', tone: 'danger' },
  refund_requested: { title: 'Reembolso pedido', tone: 'info' },
  refund_failed: { title: 'Reembolso não aceito', tone: 'danger' },
  manual_refund: { title: 'Reembolso feito por fora registrado', tone: 'info' },
  stock_returned: { title: 'Unidades devolvidas ao estoque', tone: 'info' },
  email_resend_requested: { title: 'Reenvio das instruções pedido', tone: 'neutral' },
  switched_to_pix: { title: 'Comprador trocou o boleto por Pix', tone: 'neutral' },
  new_attempt: { title: 'Comprador gerou uma nova cobrança', tone: 'neutral' },
  attempt_counted: { title: 'Este pagamento é o que vale para o pedido', tone: 'neutral' },
  double_payment: { title: 'Pago em duplicidade', tone: 'danger' },
  tracking_corrected: { title: 'Código de rastreio corrigido', tone: 'info' },
  buyer_anonymised: { title: 'Dados do comprador anonimizados (LGPD)', tone: 'info' },
  digital_accessed: { title: 'Produto digital baixado ou acessado', tone: 'info' },
  digital_access_renewed: { title: 'Acesso ao produto digital reenviado', tone: 'info' },
  digital_access_revoked: { title: 'Acesso ao produto digital revogado', tone: 'warning' },
};

/** Rows written by older versions, still in some databases. */
const RETIRED_EVENT_WORDS: Record<string, Words> = {
  reconciled: { title: 'Conferido com o banco', tone: 'neutral' },
  reconcile_failed: { title: 'O banco não respondeu à conferência', tone: 'warning' },
  error: { title: 'Erro ao falar com o banco', tone: 'danger' },
};

/** What an e-mail is about: `sent` is the whole title once it went out. */
export const EMAIL_WORDS: Record<OutboxKind, { about: string; sent: string }> = {
  instructions: { about: 'instruções de pagamento', sent: 'Instruções enviadas por e-mail' },
  paid: { about: 'pagamento confirmado', sent: 'Confirmação de pagamento enviada por e-mail' },
  reminder: { about: 'lembrete de pagamento', sent: 'Lembrete de pagamento enviado por e-mail' },
  refunded: { about: 'reembolso', sent: 'Aviso de reembolso enviado por e-mail' },
  canceled: { about: 'pedido cancelado', sent: 'Aviso de cancelamento enviado por e-mail' },
  expired: { about: 'pedido expirado', sent: 'Aviso de prazo encerrado enviado por e-mail' },
  shipped: { about: 'pedido enviado', sent: 'Código de rastreio enviado por e-mail' },
  ready_for_pickup: { about: 'pronto para retirada', sent: 'Aviso de retirada enviado por e-mail' },
  delivered: { about: 'pedido entregue', sent: 'Aviso de entrega enviado por e-mail' },
  new_sale: { about: 'nova venda, para a loja', sent: 'Aviso de nova venda enviado à loja' },
  late_payment: { about: 'pagamento atrasado, para a loja', sent: 'Aviso de pagamento atrasado enviado à loja' },
  review_request: { about: 'avalie sua compra', sent: 'Pedido de avaliação enviado por e-mail' },
  subscription: { about: 'aviso ao assinante', sent: 'Aviso ao assinante enviado por e-mail' },
  password_reset: { about: 'redefinir senha', sent: 'E-mail de redefinir senha enviado' },
  invitation: { about: 'convite para a equipe', sent: 'Convite enviado por e-mail' },
  cart_reminder: { about: 'lembrete de carrinho abandonado', sent: 'Lembrete de carrinho enviado por e-mail' },
};

const EMAIL_NOT_SENT: Record<Exclude<EmailStatus, 'sent'>, string> = {
  pending: 'E-mail na fila',
  sending: 'Enviando e-mail',
  failed: 'E-mail não entregue',
  skipped: 'E-mail não enviado',
};

/** A provider's notice, by what the app did with it. */
export const WEBHOOK_WORDS: Record<WebhookDelivery['outcome'], string> = {
  applied: 'Aviso do banco recebido',
  no_change: 'Aviso do banco recebido (nada mudou)',
  unknown_token: 'Aviso do banco ignorado',
  rejected: 'Aviso do banco recusado',
  fetch_failed: 'Aviso do banco recebido; conferência adiada',
  too_large: 'Aviso do banco recusado',
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
  return s && s in STATUS_WORDS ? statusLabel(s as OrderStatus) : (s ?? '—');
}

/** The facts a shopkeeper reads, and the ones kept for "Detalhes técnicos". */
function detailFacts(d: Detail | null): { facts: string[]; technical: string[] } {
  const facts: string[] = [];
  const technical: string[] = [];
  if (!d) return { facts, technical };
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
  if (expected && provider) facts.push(`Pedido: ${expected}; pago: ${provider}`);
  const providerStatus = text(d.providerStatus);
  if (providerStatus) technical.push(`Status no provedor: ${providerStatus}`);
  const providerId = text(d.providerId);
  if (providerId) technical.push(`Id no provedor: ${providerId}`);
  const action = text(d.action);
  if (action) technical.push(`Ação: ${ACTION_LABELS[action] ?? action}`);
  const why = text(d.why);
  if (why) technical.push(`Detalhe: ${why}`);
  const error = text(d.error) ?? text(d.message);
  if (error) technical.push(`Mensagem: ${error}`);
  return { facts, technical };
}

/** "Enviado pelos Correios (AA123456789BR)"; another carrier is named as typed. */
export function shippedTitle(carrier: string | null, code: string | null): string {
  const by = !carrier ? '' : /^correios$/i.test(carrier.trim()) ? ' pelos Correios' : ` por ${carrier}`;
  return `Enviado${by}${code ? ` (${code})` : ''}`;
}

function eventWords(e: PaymentEvent, d: Detail | null): Words {
  if (e.type === 'status_changed' && e.toStatus && e.toStatus in STATUS_WORDS) return STATUS_WORDS[e.toStatus as OrderStatus];
  if (e.type === 'fulfillment_changed' && e.toStatus && e.toStatus in FULFILMENT_WORDS) {
    const words = FULFILMENT_WORDS[e.toStatus as FulfillmentStatus];
    return e.toStatus === 'shipped' ? { ...words, title: shippedTitle(text(d?.carrier), text(d?.trackingCode)) } : words;
  }
  if (e.type === 'digital_accessed' && typeof d?.use === 'number') {
    // "Produto digital baixado ou acessado: E-book… (2 de 5)": which line, and how many uses its link has had.
    return { ...EVENT_WORDS.digital_accessed, title: `${EVENT_WORDS.digital_accessed.title}: ${text(d.item) ?? 'produto'} (${d.use} de ${typeof d.of === 'number' ? d.of : 5})` };
  }
  return EVENT_WORDS[e.type as keyof typeof EVENT_WORDS] ?? RETIRED_EVENT_WORDS[e.type] ?? { title: 'Registro do sistema', tone: 'neutral' };
}

export function eventEntry(e: PaymentEvent): TimelineEntry {
  const d = parseDetail(e.detail);
  const { title, tone } = eventWords(e, d);
  const { facts, technical } = detailFacts(d);
  technical.unshift(`Evento: ${e.type}`, `Origem: ${SOURCE_LABELS[e.source] ?? e.source}`);
  if (e.fromStatus || e.toStatus) technical.splice(1, 0, `${statusName(e.fromStatus)} → ${statusName(e.toStatus)}`);
  return {
    key: `e${e.id}`,
    at: e.createdAt,
    kind: 'event',
    title,
    facts,
    tone,
    technical,
    raw: e.detail ? { label: 'Dados do evento', text: prettyJson(e.detail) } : undefined,
  };
}

export function deliveryEntry(w: WebhookDelivery): TimelineEntry {
  const ok = w.httpStatus >= 200 && w.httpStatus < 300;
  const technical = [
    `Webhook${w.eventType ? `: ${w.eventType}` : ''}`,
    OUTCOME_LABELS[w.outcome] ?? `Resultado: ${w.outcome}`,
    SIGNATURE_LABELS[w.signature] ?? `Assinatura: ${w.signature}`,
    `Resposta HTTP ${w.httpStatus}`,
  ];
  if (w.eventId) technical.push(`Id do evento: ${w.eventId}`);
  return {
    key: `w${w.id}`,
    at: w.receivedAt,
    kind: 'webhook',
    title: WEBHOOK_WORDS[w.outcome] ?? 'Aviso do banco recebido',
    facts: [],
    tone: ok ? (w.signature === 'invalid' || w.signature === 'stale' ? 'warning' : 'info') : 'danger',
    technical,
    raw: w.body ? { label: 'Corpo recebido', text: prettyJson(w.body) } : { label: 'Corpo recebido', text: '(vazio)' },
  };
}

const EMAIL_TONES: Record<EmailOutboxRow['status'], TimelineTone> = { pending: 'info', sending: 'info', sent: 'success', failed: 'danger', skipped: 'neutral' };
const ATTEMPT_OUTCOMES: Record<string, string> = { sent: 'enviado', retry: 'falhou, nova tentativa agendada', failed: 'falhou, desistimos', skipped: 'não enviado' };

/** One e-mail to the shopper: queued, sent, failed (with the reason), or not sent (and why). */
export function emailEntry(row: EmailOutboxRow, attempts: EmailAttempt[]): TimelineEntry {
  const resend = row.dedupeKey.includes(':resend:');
  const words = EMAIL_WORDS[row.kind];
  const title = row.status === 'sent' ? words.sent : `${EMAIL_NOT_SENT[row.status]}: ${words.about}`;
  const facts = [`Para: ${row.recipient}`];
  if (row.status === 'sent' && row.sentAt) facts.push(`Enviado em ${formatDateTimeBR(row.sentAt)}${row.transport === 'catcher' ? ' (loja de demonstração: fica na caixa de e-mails de teste)' : ''}`);
  if (row.status === 'pending' && row.attempts > 0) facts.push(`Próxima tentativa: ${formatDateTimeBR(row.nextAttemptAt)}`);
  if (row.lastError) facts.push(`Motivo: ${row.lastError}`);
  const technical = [`E-mail "${EMAIL_KIND_LABELS[row.kind]}": ${EMAIL_STATUS_LABELS[row.status]}`];
  for (const a of attempts) technical.push(`Tentativa ${a.attempt} (${formatDateTimeBR(a.at)}): ${ATTEMPT_OUTCOMES[a.outcome] ?? a.outcome}${a.error && a.outcome !== 'skipped' ? ` — ${a.error}` : ''}`);
  return {
    key: `m${row.id}`,
    at: row.createdAt,
    kind: 'email',
    title: resend ? `${title} (reenvio)` : title,
    facts,
    tone: EMAIL_TONES[row.status],
    technical,
  };
}

/** "Nota interna": the words as written, with who wrote them. */
export function noteEntry(n: OrderNote): TimelineEntry {
  return {
    key: `n${n.id}`,
    at: n.createdAt,
    kind: 'note',
    title: 'Nota interna',
    facts: [n.body, `Por: ${n.authorName ? `${n.authorName} (${n.authorEmail})` : n.authorEmail}`],
    tone: 'info',
    technical: [],
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

/** Oldest first; at the same instant, events before webhooks before e-mails before notes, each in insertion order. */
export function buildTimeline(
  events: PaymentEvent[],
  deliveries: WebhookDelivery[],
  emails: { row: EmailOutboxRow; attempts: EmailAttempt[] }[] = [],
  notes: OrderNote[] = [],
): TimelineEntry[] {
  const entries = [
    ...events.map((e) => ({ entry: eventEntry(e), order: 0, id: e.id })),
    ...deliveries.map((w) => ({ entry: deliveryEntry(w), order: 1, id: w.id })),
    ...emails.map((m) => ({ entry: emailEntry(m.row, m.attempts), order: 2, id: m.row.id })),
    ...notes.map((n) => ({ entry: noteEntry(n), order: 3, id: n.id })),
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
