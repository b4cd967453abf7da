/**
 * The ad pixels' events of an order on its timeline: one entry per platform's event ("Compra
 * enviada ao Meta"), with the event id, attempts, the platform's last answer and the body sent
 * under "Detalhes técnicos". Pure.
 */
import type { PixelEventRow } from '@/db/schema';
import { prettyJson, type TimelineEntry, type TimelineTone } from './timeline';

const PLATFORM: Record<PixelEventRow['platform'], string> = { meta: 'Meta (API de Conversões)', ga4: 'Google Analytics 4' };
const STATUS: Record<PixelEventRow['status'], { words: string; tone: TimelineTone }> = {
  pending: { words: 'na fila para envio', tone: 'info' },
  sent: { words: 'enviada', tone: 'success' },
  failed: { words: 'não enviada', tone: 'warning' },
};

export function pixelEntry(row: PixelEventRow): TimelineEntry {
  const s = STATUS[row.status];
  const technical = [`Evento: ${row.name}`, `event_id: ${row.eventId}`, `Tentativas: ${row.attempts}`];
  if (row.lastResult) technical.push(`Última resposta: ${row.lastResult}`);
  technical.push(`Chave: ${row.dedupeKey}`);
  return {
    key: `px${row.id}`,
    at: row.sentAt ?? row.createdAt,
    kind: 'event',
    title: `Compra ${s.words} — ${PLATFORM[row.platform]}`,
    facts: [],
    tone: s.tone,
    technical,
    raw: { label: 'Evento enviado', text: prettyJson(row.body) },
  };
}

/** The timeline with the pixels' entries merged in by time (a pixel entry after others at the same instant). */
export function withPixelEntries(timeline: TimelineEntry[], rows: PixelEventRow[]): TimelineEntry[] {
  if (rows.length === 0) return timeline;
  return [...timeline, ...rows.map(pixelEntry)].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
