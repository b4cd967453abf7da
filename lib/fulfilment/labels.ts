/**
 * "Comprar etiqueta": the label for the service the shopper chose, bought through Melhor Envio in
 * its four steps (docs/shipping-contract.md) — add to cart, checkout (debits the account's
 * balance), generate, then the ship move ("Marcar como enviado") with the carrier's code.
 *
 * Each step is recorded on the order (`label_id`, `label_step`) before the next starts, and the
 * whole run holds a lease on the order (`label_lease_until`), so:
 * - a double click or a second process finds the lease taken and buys nothing;
 * - a run that dies between two steps is resumed by the next click from the step recorded, and a
 *   step the carrier did but we did not record (checkout, generate) is learnt from the label's
 *   tracking before it is repeated — never a second checkout, so one label and one cost;
 * - a refusal (no balance, a CEP the service does not serve) records nothing the merchant sees:
 *   a refused cart records nothing at all; after a refused checkout the unpaid cart item's id
 *   stays (so the retry reuses it instead of adding another), and the order shows no label and
 *   no cost until the checkout is done.
 */
import 'server-only';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { database, db } from '@/db';
import { get, run } from '@/db/driver';
import { orderItems, orders, productVariants, type Order } from '@/db/schema';
import { formatBRL } from '@balcao/br/money';
import { kickOutbox } from '@/lib/email';
import { moveStep } from './apply-move';
import { recordOrderPush } from '@/lib/push/record';
import { carrierTrackingUrl, CORREIOS, type Tracking } from './tracking';
import { orderLabel } from '@/lib/orders/words';
import { recordActivity } from '@/lib/security';
import { carrierClient, connectionOf, getCarrierSettings, labelPdfBytes, LABEL_TIMEOUT_MS, type CarrierSettings, CarrierError, type LabelParty, type MelhorEnvio, quoteProducts } from '@/lib/shipping';
import { getShopIdentity } from '@/lib/shop';

/** Longer than a run's six carrier calls at LABEL_TIMEOUT_MS each; a crashed run's lease lapses after it. */
export const LABEL_LEASE_MS = 90_000;
/** "Comprar etiquetas" buys at most this many labels per click (each is four calls to the carrier). */
export const MAX_LABELS_PER_BATCH = 50;

export type LabelResult = { ok: true; message: string; code: string; costCents: number | null } | { ok: false; error: string };
export type LabelActor = { id: number; email: string };
export type LabelOptions = {
  actor: LabelActor;
  /** The carrier client (tests inject one that fails between steps); default: the shop's connection. */
  client?: MelhorEnvio;
  /** Real time for the lease (ms). */
  now?: () => number;
};

export const LABEL_IN_PROGRESS = 'A etiqueta deste pedido já está sendo comprada. Atualize a página em instantes.';

/** The carrier's name for the ship move, by Melhor Envio service id (docs/shipping-contract.md). */
export function carrierNameOf(serviceId: number): string {
  if (serviceId === 1 || serviceId === 2) return CORREIOS;
  if (serviceId === 3 || serviceId === 4) return 'Jadlog';
  if (serviceId === 31 || serviceId === 32) return 'Loggi';
  return 'Melhor Envio';
}

function trackingOf(serviceId: number, code: string): Tracking {
  const carrier = carrierNameOf(serviceId);
  return { carrier, code, url: carrierTrackingUrl(carrier, code) };
}

/** Whether the order shows a bought label (its cost and margin, "Imprimir etiqueta"). */
export const labelBought = (o: Pick<Order, 'labelStep'>) => o.labelStep === 'paid' || o.labelStep === 'generated';

/** Freight charged − label cost, once the label is paid; null before. */
export function labelMarginCents(o: Pick<Order, 'labelStep' | 'labelCostCents' | 'shippingCents'>): number | null {
  if (!labelBought(o) || o.labelCostCents === null) return null;
  return o.shippingCents - o.labelCostCents;
}

/** Why this order cannot get a label now (pt-BR), or null. */
export function labelRefusal(o: Pick<Order, 'status' | 'shippingMethod' | 'shippingServiceId' | 'fulfillmentStatus' | 'labelStep'>): string | null {
  if (o.shippingMethod !== 'delivery') return 'Este pedido não é para enviar: não precisa de etiqueta.';
  if (o.status !== 'paid') return 'Só um pedido pago pode ter etiqueta.';
  if (o.labelStep === 'generated') return null;
  if (o.fulfillmentStatus !== 'unfulfilled') return 'Este pedido já foi enviado.';
  if (o.shippingServiceId === null) return 'O frete deste pedido foi calculado pela tabela por UF: não há serviço da transportadora escolhido para a etiqueta.';
  return null;
}

function refusalOf(error: unknown): string {
  if (error instanceof CarrierError) {
    if (error.kind === 'refused') return `O Melhor Envio recusou: ${error.message.replace(/\.?$/, '.')}`;
    return error.message;
  }
  throw error;
}

async function partiesOf(order: Order, settings: CarrierSettings): Promise<{ from: LabelParty; to: LabelParty }> {
  const shop = await getShopIdentity();
  const from: LabelParty = {
    name: shop.legalName || shop.name,
    phone: shop.whatsapp || undefined,
    email: shop.contactEmail || undefined,
    document: shop.document || undefined,
    address: shop.address.street,
    number: shop.address.number,
    complement: shop.address.complement || undefined,
    district: shop.address.neighborhood,
    city: shop.address.city,
    stateAbbr: shop.address.state,
    postalCode: settings.originZip,
  };
  const to: LabelParty = {
    name: order.buyerName,
    phone: order.buyerPhone ?? undefined,
    email: order.buyerEmail,
    document: order.buyerDocument,
    address: order.deliveryStreet ?? '',
    number: order.deliveryNumber ?? '',
    complement: order.deliveryComplement ?? undefined,
    district: order.deliveryNeighborhood ?? '',
    city: order.deliveryCity ?? '',
    stateAbbr: order.deliveryState ?? '',
    postalCode: order.deliveryZip ?? '',
  };
  return { from, to };
}

async function parcelsOf(orderId: string) {
  const rows = await db()
    .select({ id: orderItems.id, quantity: orderItems.quantity, unitCents: orderItems.unitPriceCents, weightGrams: productVariants.weightGrams, heightCm: productVariants.heightCm, widthCm: productVariants.widthCm, lengthCm: productVariants.lengthCm })
    .from(orderItems)
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(eq(orderItems.orderId, orderId));
  return quoteProducts(rows.map((r) => ({ ...r, id: `item-${r.id}` })));
}

const loadOrder = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0];

/** The lease: taken only if free or lapsed. Returns its value (to release it), or null when another run holds it. */
async function takeLease(orderId: string, nowMs: number): Promise<string | null> {
  const lease = new Date(nowMs + LABEL_LEASE_MS).toISOString();
  const changed = await database().transaction((tx) =>
    run(
      tx
        .update(orders)
        .set({ labelLeaseUntil: lease })
        .where(and(eq(orders.id, orderId), or(isNull(orders.labelLeaseUntil), lt(orders.labelLeaseUntil, new Date(nowMs).toISOString())))),
    ),
  );
  return changed === 1 ? lease : null;
}

async function releaseLease(orderId: string, lease: string): Promise<void> {
  await db().update(orders).set({ labelLeaseUntil: null }).where(and(eq(orders.id, orderId), eq(orders.labelLeaseUntil, lease)));
}

/** Records one step, only from the step the run read (the lease makes this the only writer; the guard makes it say so). */
async function recordStep(orderId: string, from: Order['labelStep'], set: Partial<Order>): Promise<void> {
  const changed = await database().transaction((tx) =>
    run(
      tx
        .update(orders)
        .set({ ...set, updatedAt: new Date().toISOString() })
        .where(and(eq(orders.id, orderId), from === null ? isNull(orders.labelStep) : eq(orders.labelStep, from))),
    ),
  );
  if (changed !== 1) throw new Error(`label step ${from ?? 'none'} → ${set.labelStep} found the order moved`);
}

/**
 * Buys (or finishes buying) the order's label and marks the order shipped with its code.
 * Idempotent on the order: run it again after any failure and it goes on from where it stopped.
 */
export async function buyLabel(orderId: string, o: LabelOptions): Promise<LabelResult> {
  const nowMs = (o.now ?? Date.now)();
  const first = await loadOrder(orderId);
  if (!first) return { ok: false, error: 'Pedido não encontrado.' };
  const refusal = labelRefusal(first);
  if (refusal) return { ok: false, error: refusal };
  const settings = await getCarrierSettings();
  const connection = connectionOf(settings);
  if (!connection && !o.client) return { ok: false, error: 'Ative o Melhor Envio em Configurações → Entrega para comprar etiquetas.' };
  if (settings.originZip.length !== 8) return { ok: false, error: 'Informe o CEP de origem em Configurações → Entrega.' };
  const client = o.client ?? carrierClient(connection!, LABEL_TIMEOUT_MS);

  const lease = await takeLease(orderId, nowMs);
  if (!lease) return { ok: false, error: LABEL_IN_PROGRESS };
  try {
    // Read again under the lease: another run may have moved the steps since the first read.
    let order = (await loadOrder(orderId))!;
    const serviceId = order.shippingServiceId;
    if (labelRefusal(order) || serviceId === null) return { ok: false, error: labelRefusal(order) ?? 'Pedido sem serviço de entrega.' };

    if (order.labelStep === null) {
      const { from, to } = await partiesOf(order, settings);
      const products = await parcelsOf(orderId);
      const cart = await client.addToCart({ serviceId, from, to, products, insuranceCents: products.reduce((s, p) => s + p.unitCents * p.quantity, 0), tag: orderLabel(order) });
      await recordStep(orderId, null, { labelId: cart.id, labelStep: 'cart', labelCostCents: cart.cents });
      order = (await loadOrder(orderId))!;
    }
    const labelId = order.labelId!;
    if (order.labelStep === 'cart') {
      // A checkout that went through before a crash is not repeated: the label says it is paid.
      const seen = (await client.tracking([labelId]))[labelId];
      if (!seen || seen.status === 'pending') await client.checkout(labelId);
      await recordStep(orderId, 'cart', { labelStep: 'paid' });
      order = (await loadOrder(orderId))!;
    }
    let code: string | null = null;
    if (order.labelStep === 'paid') {
      code = (await client.tracking([labelId]))[labelId]?.tracking ?? null;
      if (!code) {
        await client.generate(labelId);
        code = (await client.tracking([labelId]))[labelId]?.tracking ?? null;
      }
      if (!code) return { ok: false, error: 'A etiqueta foi paga, mas a transportadora ainda não deu o código de rastreio. Tente de novo em instantes.' };
    } else {
      code = (await client.tracking([labelId]))[labelId]?.tracking ?? order.trackingCode;
      if (!code) return { ok: false, error: 'A transportadora ainda não deu o código de rastreio. Tente de novo em instantes.' };
    }

    // The step and the ship move in one transaction: the code reaches the fulfilment with the step.
    const actorEmail = o.actor.email;
    const fromStep = order.labelStep;
    const tracking = trackingOf(serviceId, code);
    const moved = await database().transaction(function* (tx) {
      if (fromStep === 'paid') {
        const changed = yield* run(tx.update(orders).set({ labelStep: 'generated' }).where(and(eq(orders.id, orderId), eq(orders.labelStep, 'paid'))));
        if (changed !== 1) throw new Error('label step paid → generated found the order moved');
      }
      const now = yield* get(tx.select({ f: orders.fulfillmentStatus }).from(orders).where(eq(orders.id, orderId)));
      if (now?.f !== 'unfulfilled') return false;
      const r = yield* moveStep(tx, orderId, { move: 'ship', tracking }, actorEmail, new Date().toISOString());
      // "Pedido pronto para envio" on the team's devices: the label is there to print and stick.
      if (r.ok && fromStep === 'paid') yield* recordOrderPush(tx, 'ready_to_ship', orderId);
      return r.ok;
    });
    if (moved) kickOutbox();
    order = (await loadOrder(orderId))!;
    if (fromStep === 'paid') {
      const cost = order.labelCostCents === null ? '' : ` (${formatBRL(order.labelCostCents)})`;
      await recordActivity({ actor: o.actor, action: 'fulfilment', summary: `Comprou etiqueta ${order.shippingServiceName ?? ''}${cost}, código ${code}: pedido ${orderLabel(order)}`.replace(/\s+/g, ' '), target: orderId });
    }
    const message = fromStep === 'paid' ? `Etiqueta comprada. Código de rastreio ${code}.` : `A etiqueta deste pedido já foi comprada. Código de rastreio ${code}.`;
    return { ok: true, message, code, costCents: order.labelCostCents };
  } catch (error) {
    return { ok: false, error: refusalOf(error) };
  } finally {
    await releaseLease(orderId, lease);
  }
}

/**
 * Whether buying would spend a real Melhor Envio balance (a token is set), as opposed to the
 * embedded sandbox's invented one: the public demo's shared login may only do the latter.
 */
export async function labelsSpendRealBalance(): Promise<boolean> {
  return (await getCarrierSettings()).hasToken;
}

export const DEMO_REAL_LABELS = 'Conta de demonstração: a compra de etiquetas com saldo real do Melhor Envio não é permitida.';

/** "Imprimir etiqueta": the PDF of the order's label, once generated. */
export async function labelPdfOf(orderId: string): Promise<{ ok: true; pdf: Uint8Array; fileName: string } | { ok: false; status: 404 | 409 | 502; error: string }> {
  const order = await loadOrder(orderId);
  if (!order) return { ok: false, status: 404, error: 'Pedido não encontrado.' };
  if (order.labelStep !== 'generated' || !order.labelId) return { ok: false, status: 409, error: 'Este pedido ainda não tem etiqueta: use "Comprar etiqueta".' };
  const connection = connectionOf(await getCarrierSettings());
  if (!connection) return { ok: false, status: 409, error: 'Ative o Melhor Envio em Configurações → Entrega para imprimir etiquetas.' };
  try {
    return { ok: true, pdf: await labelPdfBytes(connection, order.labelId), fileName: `etiqueta-${orderLabel(order).replace('#', '')}.pdf` };
  } catch (error) {
    return { ok: false, status: 502, error: refusalOf(error) };
  }
}

/**
 * "Imprimir etiquetas": the labels of a selection of orders in one PDF, in the selection's order,
 * to print in one go. Orders without a generated label are left out and named (`missing`);
 * none at all is a 409. At most MAX_LABELS_PER_BATCH, like the purchase.
 */
export async function labelsPdfOf(
  orderIds: readonly string[],
): Promise<{ ok: true; pdf: Uint8Array; fileName: string; count: number; missing: string[] } | { ok: false; status: 409 | 502; error: string }> {
  const ids = [...new Set(orderIds)].slice(0, MAX_LABELS_PER_BATCH);
  const rows = ids.length ? await db().select().from(orders).where(inArray(orders.id, ids)) : [];
  const byId = new Map(rows.map((o) => [o.id, o]));
  const ready = ids.flatMap((id) => {
    const o = byId.get(id);
    return o && o.labelStep === 'generated' && o.labelId ? [o] : [];
  });
  const missing = ids.flatMap((id) => {
    const o = byId.get(id);
    return o && !ready.includes(o) ? [orderLabel(o)] : [];
  });
  if (ready.length === 0) return { ok: false, status: 409, error: 'Nenhum dos pedidos selecionados tem etiqueta: use "Comprar etiquetas".' };
  const connection = connectionOf(await getCarrierSettings());
  if (!connection) return { ok: false, status: 409, error: 'Ative o Melhor Envio em Configurações → Entrega para imprimir etiquetas.' };
  const merged = await PDFDocument.create();
  try {
    for (const order of ready) {
      const one = await PDFDocument.load(await labelPdfBytes(connection, order.labelId!));
      for (const page of await merged.copyPages(one, one.getPageIndices())) merged.addPage(page);
    }
  } catch (error) {
    return { ok: false, status: 502, error: refusalOf(error) };
  }
  return { ok: true, pdf: await merged.save(), fileName: `etiquetas-${ready.length}.pdf`, count: ready.length, missing };
}

export type BatchLabelResult = { orderId: string; number: string | null } & LabelResult;

/**
 * "Comprar etiquetas": one label per order, one after the other (the carrier's rate limits, and
 * each order's own lease), each result on its own — a refusal on one never stops the next.
 * Orders not found are answered as such; at most MAX_LABELS_PER_BATCH per call.
 */
export async function buyLabelsForOrders(orderIds: readonly string[], o: LabelOptions): Promise<BatchLabelResult[]> {
  const ids = [...new Set(orderIds)].slice(0, MAX_LABELS_PER_BATCH);
  const known = ids.length ? await db().select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, ids)) : [];
  const numberOf = new Map(known.map((r) => [r.id, orderLabel(r)]));
  const out: BatchLabelResult[] = [];
  for (const id of ids) {
    if (!numberOf.has(id)) {
      out.push({ orderId: id, number: null, ok: false, error: 'Pedido não encontrado.' });
      continue;
    }
    out.push({ orderId: id, number: numberOf.get(id) ?? null, ...(await buyLabel(id, o)) });
  }
  return out;
}

/** The shipped orders whose label the tracking pass reads, least recently read first. */
export async function shippedWithLabel(limit: number) {
  return db()
    .select({ id: orders.id, labelId: orders.labelId })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), eq(orders.fulfillmentStatus, 'shipped'), eq(orders.labelStep, 'generated')))
    .orderBy(sql`${orders.labelCheckedAt} is not null`, orders.labelCheckedAt)
    .limit(limit);
}
