import { describe, expect, it } from 'vitest';
import type { PixelEventRow } from '@/db/schema';
import { pixelEntry, withPixelEntries } from './pixel-timeline';
import type { TimelineEntry } from './timeline';

const row = (o: Partial<PixelEventRow>): PixelEventRow => ({
  id: 1,
  dedupeKey: 'meta:Purchase:order:o1',
  platform: 'meta',
  name: 'Purchase',
  eventId: 'purchase.abc',
  orderId: 'o1',
  body: '{"event_name":"Purchase"}',
  status: 'sent',
  attempts: 1,
  nextAttemptAt: '2026-11-27T12:00:00.000Z',
  leaseUntil: null,
  lastResult: 'HTTP 200',
  createdAt: '2026-11-27T12:00:00.000Z',
  sentAt: '2026-11-27T12:00:01.000Z',
  ...o,
});

describe("the pixels' entries on an order's timeline", () => {
  it('say in words what happened; the event id, attempts, answer and body go under "Detalhes técnicos"', () => {
    const e = pixelEntry(row({}));
    expect(e).toMatchObject({ title: 'Compra enviada — Meta (API de Conversões)', tone: 'success', at: '2026-11-27T12:00:01.000Z' });
    expect(e.technical).toEqual(['Evento: Purchase', 'event_id: purchase.abc', 'Tentativas: 1', 'Última resposta: HTTP 200', 'Chave: meta:Purchase:order:o1']);
    expect(e.raw?.text).toContain('"event_name": "Purchase"');
    expect(pixelEntry(row({ platform: 'ga4', status: 'pending', sentAt: null, lastResult: null })).title).toBe('Compra na fila para envio — Google Analytics 4');
    expect(pixelEntry(row({ status: 'failed', lastResult: 'HTTP 400: bad' })).tone).toBe('warning');
  });

  it('merge by time, after what happened at the same instant', () => {
    const paid = { key: 'e1', at: '2026-11-27T12:00:00.000Z', title: 'Pagamento confirmado pelo banco' } as TimelineEntry;
    const later = { key: 'e2', at: '2026-11-27T12:00:05.000Z', title: 'E-mail' } as TimelineEntry;
    const merged = withPixelEntries([paid, later], [row({ sentAt: null })]);
    expect(merged.map((e) => e.key)).toEqual(['e1', 'px1', 'e2']);
  });
});
