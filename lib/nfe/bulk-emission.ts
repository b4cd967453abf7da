/**
 * "Emitir NF-e" on the orders list's selection: each order goes through the same
 * `requestEmission` as the order page's button (one emission row per attempt, so a second tab
 * or a double submit finds the row and makes no second note), answered per order and summed
 * up as "3 emitidas, 1 recusado: #1043 não está pago". The rows are sent by the one outbox
 * after the response (lib/server/after-pass.ts), not inside the request.
 */
import 'server-only';
import { inArray } from 'drizzle-orm';
import { db } from '@/db';
import { orders } from '@/db/schema';
import { plural } from '@balcao/br/plural';
import { orderLabel } from '@/lib/orders/words';
import { emissionBlocker, requestEmission, type EmissionDeps } from './emission';

export const NOT_PAID = 'Não está pago.';

export type BulkEmitLine = { orderId: string; label: string; kind: 'applied' | 'unchanged' | 'refused'; message: string };
export type BulkEmitReport = { lines: BulkEmitLine[]; applied: number; unchanged: number; refused: number };
export type BulkEmitOutcome = { ok: true; report: BulkEmitReport } | { ok: false; message: string };

/** Requests an emission for each order, in the selection's order; refuses the whole batch when none could be issued. */
export async function emitSelected(ids: string[], deps: EmissionDeps = {}): Promise<BulkEmitOutcome> {
  const blocker = await emissionBlocker();
  if (blocker) return { ok: false, message: blocker };
  const found = ids.length ? await db().select({ id: orders.id, number: orders.number, status: orders.status }).from(orders).where(inArray(orders.id, ids)) : [];
  const byId = new Map(found.map((o) => [o.id, o]));
  const lines: BulkEmitLine[] = [];
  for (const orderId of ids) {
    const o = byId.get(orderId);
    const label = orderLabel(o ?? { id: orderId, number: null });
    if (!o) lines.push({ orderId, label, kind: 'refused', message: 'Pedido não encontrado.' });
    else if (o.status !== 'paid') lines.push({ orderId, label, kind: 'refused', message: NOT_PAID });
    else {
      const r = await requestEmission(orderId, deps);
      if (!r.ok) lines.push({ orderId, label, kind: 'refused', message: r.message });
      else if (r.created) lines.push({ orderId, label, kind: 'applied', message: 'NF-e enviada ao Bling.' });
      else lines.push({ orderId, label, kind: 'unchanged', message: r.row.invoiceStatus === 'authorized' ? 'Já tem NF-e autorizada.' : 'NF-e já em processamento.' });
    }
  }
  const count = (k: BulkEmitLine['kind']) => lines.filter((l) => l.kind === k).length;
  return { ok: true, report: { lines, applied: count('applied'), unchanged: count('unchanged'), refused: count('refused') } };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** "3 emitidas, 1 recusado: #1043 não está pago" (the refused ones named, up to five). */
export function bulkEmitSummary(r: BulkEmitReport): string {
  const parts = [plural(r.applied, 'emitida', 'emitidas')];
  if (r.unchanged) parts.push(plural(r.unchanged, 'já tinha NF-e', 'já tinham NF-e'));
  if (r.refused) {
    const refused = r.lines.filter((l) => l.kind === 'refused');
    const named = refused.slice(0, 5).map((l) => `${l.label} ${lowerFirst(l.message).replace(/\.$/, '')}`);
    if (refused.length > 5) named.push(`e mais ${refused.length - 5}`);
    parts.push(`${plural(r.refused, 'recusado', 'recusados')}: ${named.join('; ')}`);
  }
  return parts.join(', ');
}
