/**
 * The shipping documents of one order or of the "A enviar" work list (declaração de conteúdo,
 * lista de separação): reads the orders, their items and the shop as sender, masks the buyer
 * for a role without `buyers:read`, and renders (lib/fulfilment/documents-pdf.ts).
 *
 * The sender is the shop as it is known today: its name (Configurações → e-mails) and its
 * pickup address when it has one. What the shop has not told (CPF/CNPJ, a structured address)
 * stays a blank field on the form, to fill in by hand, never an invented value.
 */
import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { db } from '@/db';
import { orderItems, orders, type Order } from '@/db/schema';
import { formatDocument } from '@balcao/br/documents';
import { maskOrderBuyer } from '@balcao/br/personal-data';
import { formatCep } from '@/lib/orders';
import { orderLabel } from '@/lib/orders/words';
import { getShippingRules } from '@/lib/shipping';
import { getShopIdentity } from '@/lib/shop';
import { DOCUMENTS_MAX_ORDERS } from './documents-limits';
import { renderShippingDocuments, type DocOrder, type DocParty, type DocumentKind } from './documents-pdf';

export type { DocumentKind } from './documents-pdf';

export { DOCUMENTS_MAX_ORDERS } from './documents-limits';

/** One order, the "A enviar" view, or the orders list's selection (its printable orders, in the selection's order). */
export type DocumentsRequest = { orderId: string } | { toShip: true } | { orderIds: string[] };
/** `skipped`: the selected orders with no document of this kind, and why (a selection prints the others). */
export type DocumentsResult =
  | { ok: true; pdf: Uint8Array; count: number; fileName: string; skipped: { label: string; reason: string }[] }
  | { ok: false; status: 404 | 409; error: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sender is the shop's legal identity (Configurações → Loja): its razão social (else its
 * name), address and CPF/CNPJ. A shop that has not filled its address yet sends from its pickup
 * address, and the fields it lacks stay blank on the form, to be written by hand.
 */
async function sender(): Promise<DocParty> {
  const [shop, rules] = await Promise.all([getShopIdentity(), getShippingRules()]);
  const a = shop.address;
  const street = [[a.street, a.number].filter(Boolean).join(', '), a.complement, a.neighborhood].filter(Boolean).join(' — ');
  return {
    name: shop.legalName.trim() || shop.name,
    address: street || (rules.pickup.address?.trim() ?? ''),
    city: a.city,
    state: a.state,
    zip: a.zip ? formatCep(a.zip) : '',
    document: shop.document ? formatDocument(shop.document) : '',
  };
}

function recipientOf(o: Order): DocParty {
  const street = [o.deliveryStreet, o.deliveryNumber].filter(Boolean).join(', ');
  const address = [street, o.deliveryComplement, o.deliveryNeighborhood].filter(Boolean).join(' — ');
  return {
    name: o.buyerName,
    address,
    city: o.deliveryCity ?? '',
    state: o.deliveryState ?? '',
    zip: o.deliveryZip ? (o.deliveryZip.includes('*') ? o.deliveryZip : formatCep(o.deliveryZip)) : '',
    document: formatDocument(o.buyerDocument),
  };
}

/** Why one order has no document of this kind, or null. */
function refusal(o: Order, kind: DocumentKind): string | null {
  if (o.status !== 'paid') return 'Só um pedido pago tem documentos de envio.';
  if (o.shippingMethod === null) return 'Este pedido não tem nada para entregar.';
  if (kind === 'declaracao' && o.shippingMethod !== 'delivery') return 'Este pedido é para retirar na loja: não tem declaração de conteúdo.';
  return null;
}

export async function shippingDocuments(kind: DocumentKind, req: DocumentsRequest, opts: { masked: boolean }): Promise<DocumentsResult> {
  let rows: Order[];
  let skipped: { label: string; reason: string }[] = [];
  if ('orderId' in req) {
    const [o] = UUID.test(req.orderId) ? await db().select().from(orders).where(eq(orders.id, req.orderId.toLowerCase())) : [];
    if (!o) return { ok: false, status: 404, error: 'Pedido não encontrado.' };
    const why = refusal(o, kind);
    if (why) return { ok: false, status: 409, error: why };
    rows = [o];
  } else if ('orderIds' in req) {
    const ids = req.orderIds.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
    const found = ids.length ? await db().select().from(orders).where(inArray(orders.id, ids)) : [];
    const byId = new Map(found.map((o) => [o.id, o]));
    const selected = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    rows = selected.filter((o) => refusal(o, kind) === null);
    skipped = selected.flatMap((o) => (refusal(o, kind) === null ? [] : [{ label: orderLabel(o), reason: refusal(o, kind)! }]));
    if (rows.length === 0) {
      const why = skipped.map((s) => `${s.label}: ${s.reason}`).join('\n');
      return { ok: false, status: selected.length ? 409 : 404, error: selected.length ? `Nenhum pedido selecionado tem este documento.\n${why}` : 'Pedido não encontrado.' };
    }
  } else {
    // The "A enviar" view's orders (lib/orders/orders-query.ts): paid, to send, oldest first.
    rows = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'paid'), eq(orders.fulfillmentStatus, 'unfulfilled'), eq(orders.shippingMethod, 'delivery')))
      .orderBy(asc(orders.paidAt), asc(orders.createdAt))
      .limit(DOCUMENTS_MAX_ORDERS);
    if (rows.length === 0) return { ok: false, status: 404, error: 'Nenhum pedido pago esperando envio.' };
  }
  const items = await db()
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((o) => o.id)))
    .orderBy(asc(orderItems.id));
  const docs: DocOrder[] = rows.map((raw) => {
    const o = opts.masked ? maskOrderBuyer(raw) : raw;
    return {
      label: orderLabel(o),
      paidAt: o.paidAt,
      pickup: o.shippingMethod === 'pickup',
      recipient: recipientOf(o),
      items: items.filter((i) => i.orderId === o.id).map((i) => ({ name: i.name, quantity: i.quantity, valueCents: i.lineTotalCents })),
    };
  });
  const pdf = await renderShippingDocuments(kind, await sender(), docs);
  const base = kind === 'declaracao' ? 'declaracao-de-conteudo' : 'lista-de-separacao';
  const fileName = 'orderId' in req ? `${base}-${docs[0].label.replace('#', '')}.pdf` : 'orderIds' in req ? `${base}-selecionados.pdf` : `${base}-a-enviar.pdf`;
  return { ok: true, pdf, count: docs.length, fileName, skipped };
}
