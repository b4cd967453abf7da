import { describe, expect, it } from 'vitest';
import { EMAIL_STATUSES, FULFILLMENT_STATUSES, ORDER_STATUSES, OUTBOX_KINDS, type EmailOutboxRow, type PaymentEvent, type WebhookDelivery } from '@/db/schema';
import { PAYMENT_EVENT_TYPES } from '@/lib/payments/events';
import { buildTimeline, deliveryEntry, emailEntry, eventEntry, shippedTitle, WEBHOOK_WORDS } from './timeline';

const event = (id: number, createdAt: string, over: Partial<PaymentEvent>): PaymentEvent => ({
  id, paymentId: 'p', orderId: 'o', type: 'created', source: 'checkout', fromStatus: null, toStatus: null, dedupeKey: null, detail: null, createdAt, ...over,
});
const delivery = (id: number, receivedAt: string, over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id, paymentId: 'p', tokenHash: 'abc', eventId: 'ev-1', eventType: 'QRCodeCompleted', signature: 'valid', outcome: 'applied', httpStatus: 200,
  body: '{"id":"ev-1","type":"QRCodeCompleted"}', bodySha256: null, bodyBytes: null, receivedAt, ...over,
});
const row = (o: Partial<EmailOutboxRow>): EmailOutboxRow => ({
  id: 1, dedupeKey: 'email:o1:instructions', orderId: 'o1', kind: 'instructions', recipient: 'maria@example.com', status: 'pending', attempts: 0,
  nextAttemptAt: '2026-03-02T15:00:00.000Z', leaseUntil: null, lastError: null, transport: null, messageId: null,
  createdAt: '2026-03-02T15:00:00.000Z', updatedAt: '2026-03-02T15:00:00.000Z', sentAt: null, ...o,
});

/** What a shopkeeper must never have to read in a title or a fact: it belongs under "Detalhes técnicos". */
const TECHNICAL = /webhook|provedor|HTTP|assinatura|\bid\b|_|Evento:|Origem:/i;
const AT = '2026-03-02T15:00:00.000Z';

describe('the timeline speaks the shopkeeper’s words for every kind of entry (a kind without words fails)', () => {
  const cases: [string, PaymentEvent][] = [
    ...PAYMENT_EVENT_TYPES.filter((t) => t !== 'status_changed' && t !== 'fulfillment_changed').map((type) => [type, event(1, AT, { type })] as [string, PaymentEvent]),
    ...ORDER_STATUSES.map((s) => [`status_changed → ${s}`, event(1, AT, { type: 'status_changed', fromStatus: 'pending', toStatus: s })] as [string, PaymentEvent]),
    ...FULFILLMENT_STATUSES.map((s) => [`fulfillment_changed → ${s}`, event(1, AT, { type: 'fulfillment_changed', fromStatus: 'unfulfilled', toStatus: s })] as [string, PaymentEvent]),
  ];
  it.each(cases)('%s', (_kind, e) => {
    const entry = eventEntry(e);
    expect(entry.title).not.toBe('Registro do sistema');
    expect(entry.title).not.toMatch(TECHNICAL);
    expect(entry.technical[0]).toBe(`Evento: ${e.type}`);
  });

  it('walks every event kind the log declares', () => {
    expect(cases.length).toBe(PAYMENT_EVENT_TYPES.length - 2 + ORDER_STATUSES.length + FULFILLMENT_STATUSES.length);
  });

  it.each(OUTBOX_KINDS.flatMap((kind) => EMAIL_STATUSES.map((status) => [kind, status] as const)))('e-mail %s, %s', (kind, status) => {
    const entry = emailEntry(row({ kind, status }), []);
    expect(entry.title).not.toMatch(TECHNICAL);
    expect(entry.title).not.toMatch(/undefined/);
  });

  it.each(Object.keys(WEBHOOK_WORDS) as WebhookDelivery['outcome'][])('provider notice %s', (outcome) => {
    const entry = deliveryEntry(delivery(1, AT, { outcome }));
    expect(entry.title).toMatch(/^Aviso do banco/);
    expect(entry.facts).toEqual([]);
  });

  it.each([
    [event(1, AT, { type: 'create_requested' }), 'Pedido criado'],
    [event(1, AT, { type: 'status_changed', fromStatus: 'pending', toStatus: 'paid' }), 'Pagamento confirmado pelo banco'],
    [event(1, AT, { type: 'fulfillment_changed', toStatus: 'shipped', detail: '{"carrier":"Correios","trackingCode":"AA123456789BR"}' }), 'Enviado pelos Correios (AA123456789BR)'],
    [event(1, AT, { type: 'fulfillment_changed', toStatus: 'shipped', detail: '{"carrier":"Jadlog","trackingCode":"JD1"}' }), 'Enviado por Jadlog (JD1)'],
    [event(1, AT, { type: 'digital_accessed', source: 'buyer', detail: '{"item":"E-book: Guia do café coado","kind":"file","use":2,"of":5}' }), 'Produto digital baixado ou acessado: E-book: Guia do café coado (2 de 5)'],
  ])('names the everyday moments plainly: %#', (e, title) => {
    expect(eventEntry(e).title).toBe(title);
  });

  it('says "Instruções enviadas por e-mail" once they went out', () => {
    expect(emailEntry(row({ status: 'sent', sentAt: AT }), []).title).toBe('Instruções enviadas por e-mail');
    expect(emailEntry(row({ status: 'sent', sentAt: AT, dedupeKey: 'email:o1:instructions:resend:1' }), []).title).toBe('Instruções enviadas por e-mail (reenvio)');
  });
});

describe('shippedTitle', () => {
  it('names the carrier when there is one', () => {
    expect(shippedTitle('correios', 'AA1BR')).toBe('Enviado pelos Correios (AA1BR)');
    expect(shippedTitle(null, null)).toBe('Enviado');
    expect(shippedTitle('Loggi', null)).toBe('Enviado por Loggi');
  });
});

describe('buildTimeline', () => {
  const t = buildTimeline(
    [
      event(1, '2025-03-10T12:00:00.000Z', { type: 'create_requested' }),
      event(2, '2025-03-10T12:00:01.000Z', { type: 'created', detail: '{"providerId":"pix-123"}' }),
      event(3, '2025-03-10T12:05:00.000Z', { type: 'status_changed', source: 'webhook', fromStatus: 'pending', toStatus: 'paid', detail: '{"providerStatus":"completed"}' }),
      event(4, '2025-03-10T13:00:00.000Z', {
        type: 'refund_requested', source: 'merchant', dedupeKey: 'refund:p',
        detail: '{"actor":"demo@balcao.dev","amountCents":1500,"reason":3,"description":"Cliente desistiu"}',
      }),
      event(5, '2025-03-10T13:00:01.000Z', { type: 'status_changed', source: 'merchant', fromStatus: 'paid', toStatus: 'refunded', detail: '{"actor":"demo@balcao.dev","action":"refund"}' }),
      event(6, '2025-03-10T14:00:00.000Z', { type: 'something_new', source: 'reconcile' }),
    ],
    [
      delivery(1, '2025-03-10T12:05:00.000Z', {}),
      delivery(2, '2025-03-10T12:04:59.000Z', { signature: 'invalid', outcome: 'rejected', httpStatus: 401, body: 'not json' }),
    ],
  );
  const byKey = Object.fromEntries(t.map((e) => [e.key, e]));

  it('merges events and deliveries by time, events first at the same instant', () => {
    expect(t.map((e) => e.key)).toEqual(['e1', 'e2', 'w2', 'e3', 'w1', 'e4', 'e5', 'e6']);
  });

  it('keeps the provider’s words, unchanged, under the technical details', () => {
    expect(byKey.e2.facts).toEqual([]);
    expect(byKey.e2.technical).toContain('Id no provedor: pix-123');
    expect(byKey.e3).toMatchObject({ title: 'Pagamento confirmado pelo banco', tone: 'success', facts: [] });
    expect(byKey.e3.technical).toEqual(['Evento: status_changed', 'Aguardando pagamento → Pago', 'Origem: webhook', 'Status no provedor: completed']);
    expect(byKey.e4.facts).toEqual(['Por: demo@balcao.dev', 'Valor: R$ 15,00', 'Motivo: Solicitado pelo cliente', 'Descrição: Cliente desistiu']);
    expect(byKey.e5.title).toBe('Reembolso concluído');
    expect(byKey.e5.technical).toContain('Ação: reembolso pelo lojista');
    expect(byKey.e6).toMatchObject({ title: 'Registro do sistema', technical: ['Evento: something_new', 'Origem: reconciliação'] });
  });

  it('shows each webhook as a notice, with outcome, signature, HTTP status and raw body as details', () => {
    expect(byKey.w2).toMatchObject({ kind: 'webhook', title: 'Aviso do banco recusado', tone: 'danger', facts: [] });
    expect(byKey.w2.technical).toEqual(['Webhook: QRCodeCompleted', 'Recusado', 'Assinatura inválida', 'Resposta HTTP 401', 'Id do evento: ev-1']);
    expect(byKey.w2.raw).toEqual({ label: 'Corpo recebido', text: 'not json' });
    expect(byKey.w1.raw!.text).toBe('{\n  "id": "ev-1",\n  "type": "QRCodeCompleted"\n}');
  });
});

describe('e-mails on the timeline', () => {
  it('shows queued, sent and failed e-mails with every attempt and its reason', () => {
    expect(emailEntry(row({}), [])).toMatchObject({ kind: 'email', title: 'E-mail na fila: instruções de pagamento', tone: 'info' });
    const sent = emailEntry(row({ status: 'sent', attempts: 1, sentAt: '2026-03-02T15:00:02.000Z', transport: 'smtp' }), []);
    expect(sent).toMatchObject({ title: 'Instruções enviadas por e-mail', tone: 'success' });
    expect(sent.facts).toContain('Enviado em 02/03/2026 12:00');
    const failed = emailEntry(row({ kind: 'paid', status: 'failed', attempts: 1, lastError: '550: No such user' }), [
      { id: 1, outboxId: 1, attempt: 1, outcome: 'failed', error: '550: No such user', responseCode: 550, durationMs: 40, at: '2026-03-02T15:00:01.000Z' },
    ]);
    expect(failed).toMatchObject({ title: 'E-mail não entregue: pagamento confirmado', tone: 'danger' });
    expect(failed.facts).toContain('Motivo: 550: No such user');
    expect(failed.technical).toEqual(['E-mail "Pagamento confirmado": falhou', 'Tentativa 1 (02/03/2026 12:00): falhou, desistimos — 550: No such user']);
  });
});
