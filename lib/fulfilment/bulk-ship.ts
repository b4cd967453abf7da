/**
 * "Marcar como enviados" on the orders list: the selected orders, a tracking code each and one
 * carrier for all. Every code is checked first (an error beside its order's field, nothing
 * applied); then each order is the same compare-and-set move as one "Marcar como enviado"
 * (lib/fulfilment/batch.ts `shipEach`), so two tabs sending the same selection move each order
 * once: the second tab is told each order is already sent. The answer is per order, and its
 * summary reads "12 enviados, 1 recusado: #1043 já foi enviado".
 */
import 'server-only';
import { inArray } from 'drizzle-orm';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { plural } from '@balcao/br/plural';
import { kickOutbox } from '@/lib/email';
import { orderLabel } from '@/lib/orders/words';
import { shipEach } from './batch';
import { parseTracking, type CarrierChoice, type Tracking } from './tracking';

/** An order someone already sent (another tab, another code), in plain words. */
const ALREADY_SENT = 'Já foi enviado.';

export type BulkShipInput = { carrier: string; rows: { orderId: string; code: string }[] };
export type BulkShipCheck = { ok: true; rows: { orderId: string; tracking: Tracking }[] } | { ok: false; carrierError?: string; codeErrors: Record<string, string> };

export type BulkShipLine = { orderId: string; label: string; kind: 'applied' | 'unchanged' | 'refused'; message: string; code: string };
export type BulkShipReport = { lines: BulkShipLine[]; applied: number; unchanged: number; refused: number };

/** Checks every code for the carrier: all valid, or each error keyed by its order id. Pure. */
export function checkBulkShip(input: BulkShipInput, choice: CarrierChoice = 'any'): BulkShipCheck {
  const codeErrors: Record<string, string> = {};
  let carrierError: string | undefined;
  const rows: { orderId: string; tracking: Tracking }[] = [];
  for (const row of input.rows) {
    const parsed = parseTracking({ carrier: input.carrier, code: row.code }, choice);
    if (parsed.ok) rows.push({ orderId: row.orderId, tracking: parsed.value });
    else {
      carrierError ??= parsed.fieldErrors.carrier;
      if (parsed.fieldErrors.code) codeErrors[row.orderId] = parsed.fieldErrors.code;
    }
  }
  if (carrierError || Object.keys(codeErrors).length) return { ok: false, carrierError, codeErrors };
  return { ok: true, rows };
}

/** Ships each order (in the selection's order) and says, per order, what happened. */
export async function shipSelected(rows: { orderId: string; tracking: Tracking }[], actor: string): Promise<BulkShipReport> {
  const outcomes = await shipEach(rows, actor);
  const ids = rows.map((r) => r.orderId);
  const found = ids.length ? await database().db.select({ id: orders.id, number: orders.number, fulfillmentStatus: orders.fulfillmentStatus }).from(orders).where(inArray(orders.id, ids)) : [];
  const byId = new Map(found.map((o) => [o.id, o]));
  const lines = rows.map((r, i): BulkShipLine => {
    const o = byId.get(r.orderId);
    const label = o ? orderLabel(o) : orderLabel({ id: r.orderId, number: null });
    const { kind, message } = outcomes[i];
    // An order someone else already sent (another tab, another code) is said in plain words.
    const sentBefore = kind === 'refused' && o && (o.fulfillmentStatus === 'shipped' || o.fulfillmentStatus === 'delivered');
    return { orderId: r.orderId, label, kind, code: r.tracking.code, message: kind === 'applied' ? 'Enviado.' : sentBefore ? ALREADY_SENT : message };
  });
  const count = (k: BulkShipLine['kind']) => lines.filter((l) => l.kind === k).length;
  const report = { lines, applied: count('applied'), unchanged: count('unchanged'), refused: count('refused') };
  if (report.applied > 0) kickOutbox();
  return report;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** "12 enviados, 1 recusado: #1043 já foi enviado" (the refused ones named, up to five). */
export function bulkShipSummary(r: BulkShipReport): string {
  const parts = [plural(r.applied, 'enviado', 'enviados')];
  if (r.unchanged) parts.push(`${plural(r.unchanged, 'já estava enviado', 'já estavam enviados')} com o mesmo código`);
  if (r.refused) {
    const refused = r.lines.filter((l) => l.kind === 'refused');
    const named = refused.slice(0, 5).map((l) => `${l.label}${l.message === ALREADY_SENT ? ' ' : ': '}${lowerFirst(l.message).replace(/\.$/, '')}`);
    if (refused.length > 5) named.push(`e mais ${refused.length - 5}`);
    parts.push(`${plural(r.refused, 'recusado', 'recusados')}: ${named.join('; ')}`);
  }
  return parts.join(', ');
}
