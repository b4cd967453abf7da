/**
 * "Cancelar NF-e": an authorised note of an order that was refunded or canceled, within SEFAZ's
 * 24-hour window from its authorisation (on the shop's clock). After it, the page says to issue
 * the return note (nota de devolução) in Bling: Balcão does not issue return notes.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { orderInvoices, orders } from '@/db/schema';
import { BlingError } from './bling-client';
import { blingTarget, connectedBling } from './connection';
import { latestInvoice, type EmissionDeps } from './emission';

export const CANCEL_WINDOW_MS = 24 * 3600_000;
export const AFTER_WINDOW_MESSAGE = 'O prazo de 24 horas para cancelar a NF-e passou. Emita a nota fiscal de devolução no Bling.';
const JUSTIFICATION = 'Venda desfeita: pedido cancelado ou reembolsado ao comprador';

export type CancelOutcome = { ok: true } | { ok: false; message: string; afterWindow?: boolean };

export const withinCancelWindow = (authorizedAt: string | null, now: number) => !!authorizedAt && now - Date.parse(authorizedAt) <= CANCEL_WINDOW_MS;

export async function cancelInvoice(orderId: string, deps: EmissionDeps = {}): Promise<CancelOutcome> {
  const [order] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  const row = await latestInvoice(orderId);
  if (!order || !row || row.invoiceStatus !== 'authorized' || !row.blingNoteId) return { ok: false, message: 'Este pedido não tem NF-e autorizada para cancelar.' };
  if (order.status !== 'refunded' && order.status !== 'canceled') return { ok: false, message: 'Reembolse ou cancele o pedido antes de cancelar a NF-e.' };
  const api = deps.api === undefined ? await connectedBling(deps) : deps.api;
  if (!api) return { ok: false, message: 'Conecte o Bling em Configurações → Nota fiscal.' };
  const now = (deps.now ?? deps.target?.now ?? blingTarget()?.now ?? Date.now)();
  if (!withinCancelWindow(row.authorizedAt, now)) return { ok: false, message: AFTER_WINDOW_MESSAGE, afterWindow: true };
  try {
    await api.cancelNote(row.blingNoteId, JUSTIFICATION);
  } catch (e) {
    if (e instanceof BlingError && /prazo/i.test(e.message)) return { ok: false, message: AFTER_WINDOW_MESSAGE, afterWindow: true };
    return { ok: false, message: e instanceof BlingError ? `O Bling não cancelou a NF-e: ${e.message}` : 'Não foi possível falar com o Bling.' };
  }
  await db().update(orderInvoices).set({ invoiceStatus: 'canceled', situation: 3, canceledAt: new Date(now).toISOString() }).where(eq(orderInvoices.id, row.id));
  return { ok: true };
}
