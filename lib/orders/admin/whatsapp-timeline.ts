/**
 * The buyer's WhatsApp messages on the order's timeline, in the shopkeeper's words: "WhatsApp
 * enviado", "WhatsApp entregue", "WhatsApp lido", "WhatsApp não entregue" (with the reason in
 * words) — the latest of what Meta reported — or why it was not sent. Pure.
 */
import { formatDateTimeBR } from '@balcao/br/dates';
import type { WhatsappOutboxRow } from '@/db/schema';
import { MESSAGE_NAMES } from '@/lib/whatsapp/messages';
import type { TimelineEntry, TimelineTone } from './timeline';

function titleOf(row: WhatsappOutboxRow): { title: string; tone: TimelineTone } {
  if (row.status === 'pending') return { title: 'WhatsApp na fila', tone: 'info' };
  if (row.status === 'skipped') return { title: 'WhatsApp não enviado', tone: 'neutral' };
  if (row.status === 'failed' || row.delivery === 'failed') return { title: 'WhatsApp não entregue', tone: 'warning' };
  if (row.delivery === 'read') return { title: 'WhatsApp lido', tone: 'success' };
  if (row.delivery === 'delivered') return { title: 'WhatsApp entregue', tone: 'success' };
  return { title: 'WhatsApp enviado', tone: 'success' };
}

export function whatsappEntry(row: WhatsappOutboxRow): TimelineEntry {
  const { title, tone } = titleOf(row);
  const facts = [`Mensagem: ${MESSAGE_NAMES[row.kind]}`, `Para: ${row.recipient}`];
  if (row.sentAt) facts.push(`Enviado em ${formatDateTimeBR(row.sentAt)}`);
  if (row.deliveredAt) facts.push(`Entregue em ${formatDateTimeBR(row.deliveredAt)}`);
  if (row.readAt) facts.push(`Lido em ${formatDateTimeBR(row.readAt)}`);
  const reason = row.delivery === 'failed' ? row.deliveryError : row.status !== 'sent' ? row.lastError : null;
  if (reason) facts.push(`Motivo: ${reason}`);
  if (row.status === 'pending' && row.attempts > 0) facts.push(`Próxima tentativa: ${formatDateTimeBR(row.nextAttemptAt)}`);
  const technical = [`Tentativas: ${row.attempts}`, `Chave: ${row.dedupeKey}`];
  if (row.wamid) technical.push(`wamid: ${row.wamid}`);
  return { key: `wa${row.id}`, at: row.createdAt, kind: 'email', title, facts, tone, technical };
}

/** The timeline with the WhatsApp entries merged in by time. */
export function withWhatsappEntries(timeline: TimelineEntry[], rows: WhatsappOutboxRow[]): TimelineEntry[] {
  if (rows.length === 0) return timeline;
  return [...timeline, ...rows.map(whatsappEntry)].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
