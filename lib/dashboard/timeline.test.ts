import { describe, expect, it } from 'vitest';
import type { PaymentEvent, WebhookDelivery } from '@/db/schema';
import { buildTimeline } from './timeline';

const event = (id: number, createdAt: string, over: Partial<PaymentEvent>): PaymentEvent => ({
  id, paymentId: 'p', orderId: 'o', type: 'created', source: 'checkout', fromStatus: null, toStatus: null, dedupeKey: null, detail: null, createdAt, ...over,
});
const delivery = (id: number, receivedAt: string, over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id, paymentId: 'p', tokenHash: 'abc', eventId: 'ev-1', eventType: 'QRCodeCompleted', signature: 'valid', outcome: 'applied', httpStatus: 200,
  body: '{"id":"ev-1","type":"QRCodeCompleted"}', bodySha256: null, bodyBytes: null, receivedAt, ...over,
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

  it('merges events and deliveries by time, events first at the same instant', () => {
    expect(t.map((e) => e.key)).toEqual(['e1', 'e2', 'w2', 'e3', 'w1', 'e4', 'e5', 'e6']);
  });

  it('words each entry in Portuguese with its facts', () => {
    const byKey = Object.fromEntries(t.map((e) => [e.key, e]));
    expect(byKey.e2.facts).toContain('Id no provedor: pix-123');
    expect(byKey.e3).toMatchObject({ title: 'Pagamento confirmado', tone: 'success' });
    expect(byKey.e3.facts).toEqual(['Aguardando pagamento → Pago', 'Origem: webhook', 'Status no provedor: completed']);
    expect(byKey.e4.facts).toEqual(['Origem: lojista', 'Por: demo@balcao.dev', 'Valor: R$ 15,00', 'Motivo: Solicitado pelo cliente', 'Descrição: Cliente desistiu']);
    expect(byKey.e5.title).toBe('Reembolso confirmado');
    expect(byKey.e5.facts).toContain('Ação: reembolso pelo lojista');
    expect(byKey.e6.title).toBe('Evento: something_new');
  });

  it('shows each webhook with outcome, signature, HTTP status and raw body', () => {
    const w2 = t.find((e) => e.key === 'w2')!;
    expect(w2).toMatchObject({ kind: 'webhook', title: 'Webhook recebido: QRCodeCompleted', tone: 'danger' });
    expect(w2.facts).toEqual(['Recusado', 'Assinatura inválida', 'Resposta HTTP 401', 'Id do evento: ev-1']);
    expect(w2.raw).toEqual({ label: 'Corpo recebido', text: 'not json' });
    expect(t.find((e) => e.key === 'w1')!.raw!.text).toBe('{\n  "id": "ev-1",\n  "type": "QRCodeCompleted"\n}');
  });
});

describe('e-mails on the timeline', () => {
  const row = (o: Partial<import('@/db/schema').EmailOutboxRow>): import('@/db/schema').EmailOutboxRow => ({
    id: 1, dedupeKey: 'email:o1:instructions', orderId: 'o1', kind: 'instructions', recipient: 'maria@example.com', status: 'pending', attempts: 0,
    nextAttemptAt: '2026-03-02T15:00:00.000Z', leaseUntil: null, lastError: null, transport: null, messageId: null,
    createdAt: '2026-03-02T15:00:00.000Z', updatedAt: '2026-03-02T15:00:00.000Z', sentAt: null, ...o,
  });
  it('shows queued, sent and failed e-mails with every attempt and its reason', async () => {
    const { emailEntry } = await import('./timeline');
    expect(emailEntry(row({}), [])).toMatchObject({ kind: 'email', title: 'E-mail "Pedido recebido (como pagar)": na fila', tone: 'info' });
    const sent = emailEntry(row({ status: 'sent', attempts: 1, sentAt: '2026-03-02T15:00:02.000Z', transport: 'smtp' }), []);
    expect(sent).toMatchObject({ title: 'E-mail "Pedido recebido (como pagar)": enviado', tone: 'success' });
    expect(sent.facts).toContain('Enviado em 02/03/2026 12:00');
    const failed = emailEntry(row({ kind: 'paid', status: 'failed', attempts: 1, lastError: '550: No such user' }), [
      { id: 1, outboxId: 1, attempt: 1, outcome: 'failed', error: '550: No such user', responseCode: 550, durationMs: 40, at: '2026-03-02T15:00:01.000Z' },
    ]);
    expect(failed).toMatchObject({ title: 'E-mail "Pagamento confirmado": falhou', tone: 'danger' });
    expect(failed.facts).toEqual(expect.arrayContaining(['Motivo: 550: No such user', 'Tentativa 1 (02/03/2026 12:00): falhou, desistimos — 550: No such user']));
    expect(emailEntry(row({ dedupeKey: 'email:o1:instructions:resend:1' }), []).title).toContain('E-mail reenviado');
  });
});
