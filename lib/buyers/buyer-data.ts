/**
 * Buyers' data rights (LGPD art. 18): everything the shop stores about one buyer, found by
 * their CPF/CNPJ or e-mail, read for an export (JSON and CSV) and replaced by anonymisation.
 *
 * Anonymisation replaces the buyer's name, document, e-mail, phone and addresses on each of
 * their orders, and the same values wherever they were copied (e-mail recipients, the provider's
 * webhook bodies, event details, the bodies of the shop's own outbound webhooks, the stored
 * answers of idempotent API requests); an API checkout session's customer prefill (of their
 * orders, or naming their document or e-mail) is emptied; the mail catcher's copies of their
 * e-mails are deleted. Money, items,
 * dates and the provider's payment ids stay, so totals, the revenue chart and reconciliation
 * stay exact. It is one transaction, refused while any of the buyer's orders still awaits
 * payment (that order's charge carries the buyer's data and may still be paid), and each order
 * gets a timeline event saying who did it. The provider's own records are the provider's.
 */
import 'server-only';
import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { database, db } from '@/db';
import { all, run } from '@/db/driver';
import {
  apiIdempotency,
  caughtEmails,
  checkoutSessions,
  checkoutDrafts,
  emailOutbox,
  whatsappOutbox,
  orderItems,
  orders,
  outboundDeliveries,
  pixelEvents,
  pixelOrderContexts,
  outboundEvents,
  paymentEvents,
  paymentLinks,
  payments,
  reviews,
  webhookDeliveries,
  type Order,
} from '@/db/schema';
import { replaceBuyerIn } from '@balcao/br/personal-data';
import { activityStep } from '@/lib/security';
import type { BuyerQuery } from './query';
import { forgetDraftWhatsapp } from '@/lib/whatsapp/enqueue';

const matches = (q: BuyerQuery) => (q.kind === 'document' ? eq(orders.buyerDocument, q.document) : eq(orders.buyerEmail, q.email));

export type BuyerOrder = Order & { linkTitle: string | null };

/** The buyer's orders, oldest first (every column: the export shows all there is). */
export async function buyerOrders(query: BuyerQuery): Promise<BuyerOrder[]> {
  return db()
    .select({ order: orders, linkTitle: paymentLinks.title })
    .from(orders)
    .leftJoin(paymentLinks, eq(paymentLinks.id, orders.paymentLinkId))
    .where(matches(query))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .then((rows) => rows.map((r) => ({ ...r.order, linkTitle: r.linkTitle })));
}

/** The values that stand for an anonymised buyer. The e-mail's `.invalid` domain can never receive mail (RFC 2606). */
export const ANONYMISED = {
  buyerName: 'Comprador anonimizado',
  buyerDocument: '',
  buyerEmail: (orderId: string) => `anonimizado-${orderId.slice(0, 8)}@anonimizado.invalid`,
} as const;

export const ANONYMISED_EVENT = 'buyer_anonymised';

/** Whether an order's buyer was anonymised (its e-mail is the placeholder's). */
export function isAnonymised(order: Pick<Order, 'buyerEmail'>): boolean {
  return order.buyerEmail.endsWith('@anonimizado.invalid');
}

/** Everything stored about the buyer, as a JSON-ready object (English keys, integer centavos). */
export async function buyerDataExport(query: BuyerQuery, now = new Date()) {
  const list = await buyerOrders(query);
  const ids = list.map((o) => o.id);
  const items = ids.length ? await db().select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)) : [];
  const pays = ids.length ? await db().select().from(payments).where(inArray(payments.orderId, ids)) : [];
  const mails = ids.length
    ? await db()
        .select({ orderId: emailOutbox.orderId, kind: emailOutbox.kind, recipient: emailOutbox.recipient, status: emailOutbox.status, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt })
        .from(emailOutbox)
        .where(inArray(emailOutbox.orderId, ids))
        .orderBy(asc(emailOutbox.id))
    : [];
  const address = (o: BuyerOrder, p: 'address' | 'delivery') => {
    const street = p === 'address' ? o.addressStreet : o.deliveryStreet;
    if (!street) return null;
    return p === 'address'
      ? { zip: o.addressZip, street: o.addressStreet, number: o.addressNumber, neighborhood: o.addressNeighborhood, city: o.addressCity, state: o.addressState }
      : { zip: o.deliveryZip, street: o.deliveryStreet, number: o.deliveryNumber, complement: o.deliveryComplement, neighborhood: o.deliveryNeighborhood, city: o.deliveryCity, state: o.deliveryState };
  };
  const given = ids.length ? await db().select().from(reviews).where(inArray(reviews.orderId, ids)).orderBy(asc(reviews.id)) : [];
  const draftEmails = [...new Set([...(query.kind === 'email' ? [query.email] : []), ...list.map((o) => o.buyerEmail)])];
  const drafts = draftEmails.length ? await db().select().from(checkoutDrafts).where(inArray(checkoutDrafts.email, draftEmails)) : [];
  return {
    generated_at: now.toISOString(),
    checkout_drafts: drafts.map((d) => ({ id: d.id, status: d.status, email: d.email, phone: d.phone, fields: JSON.parse(d.fields) as unknown, items: JSON.parse(d.lines) as unknown, total: d.totalCents, reminders_sent: d.remindersSent, created_at: d.createdAt, updated_at: d.updatedAt })),
    query: query.kind === 'document' ? { document: query.document } : { email: query.email },
    orders: list.map((o) => ({
      id: o.id,
      number: o.number,
      created_at: o.createdAt,
      status: o.status,
      method: o.method,
      buyer: { name: o.buyerName, document: o.buyerDocument, email: o.buyerEmail, phone: o.buyerPhone },
      billing_address: address(o, 'address'),
      shipping: o.shippingMethod ? { method: o.shippingMethod, address: address(o, 'delivery'), pickup_address: o.pickupAddress } : null,
      items: items.filter((i) => i.orderId === o.id).map((i) => ({ name: i.name, quantity: i.quantity, unit_price: i.unitPriceCents, total: i.lineTotalCents })),
      amounts: { items: o.itemsCents, pix_discount: o.pixDiscountCents, shipping: o.shippingCents, total: o.totalCents, refunded: o.refundedCents, manual_refund: o.manualRefundCents },
      paid_at: o.paidAt,
      payment_link: o.linkTitle,
      fulfillment: { status: o.fulfillmentStatus, carrier: o.fulfillmentCarrier, tracking_code: o.trackingCode },
      payments: pays.filter((p) => p.orderId === o.id).map((p) => ({ provider_id: p.providerId, method: p.method, status: p.status, amount: p.amountCents, created_at: p.createdAt, paid_at: p.paidAt })),
      emails: mails.filter((m) => m.orderId === o.id).map((m) => ({ kind: m.kind, recipient: m.recipient, status: m.status, created_at: m.createdAt, sent_at: m.sentAt })),
      reviews: given
        .filter((r) => r.orderId === o.id)
        .map((r) => ({ product_id: r.productId, rating: r.rating, comment: r.comment, shown_name: r.authorName || null, status: r.status, created_at: r.createdAt })),
    })),
  };
}

export type AnonymiseResult = { ok: true; orders: number } | { ok: false; error: string };

/**
 * `actor` is written on each order's timeline and, with the client's address, in the activity
 * log, in the same transaction. The log names the orders by number, never the buyer.
 */
export async function anonymiseBuyer(
  query: BuyerQuery,
  actor: { id: number; email: string },
  opts: { ip?: string | null; now?: string } = {},
): Promise<AnonymiseResult> {
  const now = opts.now ?? new Date().toISOString();
  return database().transaction(function* (tx) {
    const list = yield* all(tx.select().from(orders).where(matches(query)));
    // Saved checkouts (abandoned-checkout drafts) of the buyer's addresses are deleted, with their reminders.
    const draftEmails = [...new Set([...(query.kind === 'email' ? [query.email] : []), ...list.map((o) => o.buyerEmail)])];
    const drafts = draftEmails.length ? yield* all(tx.select({ id: checkoutDrafts.id }).from(checkoutDrafts).where(inArray(checkoutDrafts.email, draftEmails))) : [];
    for (const d of drafts) yield* run(tx.delete(emailOutbox).where(like(emailOutbox.dedupeKey, `draft:${d.id}:%`)));
    yield* forgetDraftWhatsapp(tx, drafts.map((d) => d.id), 'Comprador anonimizado');
    if (drafts.length) yield* run(tx.delete(checkoutDrafts).where(inArray(checkoutDrafts.id, drafts.map((d) => d.id))));
    if (list.length === 0 && drafts.length > 0) {
      for (const e of draftEmails) yield* run(tx.delete(caughtEmails).where(eq(caughtEmails.toAddress, e)));
      return { ok: true, orders: 0 } as const;
    }
    if (list.length === 0) return { ok: false, error: 'Nenhum pedido encontrado para este comprador.' } as const;
    const open = list.filter((o) => o.status === 'pending');
    if (open.length > 0) {
      const numbers = open.map((o) => (o.number ? `#${o.number}` : o.id.slice(0, 8))).join(', ');
      return { ok: false, error: `Não é possível anonimizar enquanto um pedido aguarda pagamento (${numbers}). Cancele a cobrança ou aguarde o vencimento.` } as const;
    }
    for (const before of list) {
      const after = {
        buyerName: ANONYMISED.buyerName,
        buyerDocument: ANONYMISED.buyerDocument,
        buyerEmail: ANONYMISED.buyerEmail(before.id),
        buyerPhone: null,
        // The buyer's own words to the shop may name them, their address or their phone.
        buyerNote: null,
        addressZip: null,
        addressStreet: null,
        addressNumber: null,
        addressNeighborhood: null,
        addressCity: null,
        addressState: null,
        deliveryZip: null,
        deliveryStreet: null,
        deliveryNumber: null,
        deliveryComplement: null,
        deliveryNeighborhood: null,
        deliveryCity: null,
        deliveryState: null,
      };
      const scrub = (text: string | null) => (text === null ? null : replaceBuyerIn(text, before, after));
      // An ad click id identifies one person's click: it goes too; the source and campaign stay (they name no one).
      yield* run(tx.update(orders).set({ ...after, originFbclid: null, originGclid: null, updatedAt: now }).where(eq(orders.id, before.id)));
      // A pending e-mail of a closed order (a "paid" still queued) would now go nowhere: skip it.
      yield* run(
        tx
          .update(emailOutbox)
          .set({ recipient: after.buyerEmail, status: 'skipped', lastError: 'Comprador anonimizado', updatedAt: now })
          .where(and(eq(emailOutbox.orderId, before.id), inArray(emailOutbox.status, ['pending', 'sending']))),
      );
      yield* run(tx.update(emailOutbox).set({ recipient: after.buyerEmail }).where(and(eq(emailOutbox.orderId, before.id), eq(emailOutbox.recipient, before.buyerEmail))));
      // The WhatsApp messages' number goes too; one still queued is not sent.
      yield* run(
        tx
          .update(whatsappOutbox)
          .set({ recipient: '+0', status: sql`case when ${whatsappOutbox.status} = 'pending' then 'skipped' else ${whatsappOutbox.status} end`, lastError: 'Comprador anonimizado', updatedAt: now })
          .where(eq(whatsappOutbox.orderId, before.id)),
      );
      yield* run(tx.delete(caughtEmails).where(or(eq(caughtEmails.orderId, before.id), eq(caughtEmails.toAddress, before.buyerEmail))));
      const pays = yield* all(tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, before.id)));
      for (const p of pays) {
        const events = yield* all(tx.select({ id: paymentEvents.id, detail: paymentEvents.detail }).from(paymentEvents).where(eq(paymentEvents.paymentId, p.id)));
        for (const e of events) {
          const detail = scrub(e.detail);
          if (detail !== e.detail) yield* run(tx.update(paymentEvents).set({ detail }).where(eq(paymentEvents.id, e.id)));
        }
        const hooks = yield* all(tx.select({ id: webhookDeliveries.id, body: webhookDeliveries.body }).from(webhookDeliveries).where(eq(webhookDeliveries.paymentId, p.id)));
        for (const h of hooks) {
          const body = scrub(h.body);
          if (body !== h.body) yield* run(tx.update(webhookDeliveries).set({ body }).where(eq(webhookDeliveries.id, h.id)));
        }
      }
      // The shop's own webhooks carry the order as it was (the body is fixed when fanned out).
      const outbound = yield* all(
        tx
          .select({ id: outboundDeliveries.id, body: outboundDeliveries.body })
          .from(outboundDeliveries)
          .innerJoin(outboundEvents, eq(outboundEvents.id, outboundDeliveries.eventId))
          .where(eq(outboundEvents.orderId, before.id)),
      );
      for (const d of outbound) {
        const body = scrub(d.body)!;
        if (body !== d.body) yield* run(tx.update(outboundDeliveries).set({ body }).where(eq(outboundDeliveries.id, d.id)));
      }
      // The ad pixels: the browser's values kept for the Purchase go, and the events' bodies (hashed
      // contact, address, user agent) are emptied; one not sent yet is never sent.
      yield* run(tx.delete(pixelOrderContexts).where(eq(pixelOrderContexts.orderId, before.id)));
      yield* run(tx.update(pixelEvents).set({ status: 'failed', lastResult: 'Comprador anonimizado' }).where(and(eq(pixelEvents.orderId, before.id), eq(pixelEvents.status, 'pending'))));
      yield* run(tx.update(pixelEvents).set({ body: '{}' }).where(eq(pixelEvents.orderId, before.id)));
      // A stored API answer (a refund's) holds the order, named by its id, for 24 hours.
      const replies = yield* all(tx.select().from(apiIdempotency).where(like(apiIdempotency.responseBody, `%"${before.id}"%`)));
      for (const r of replies) {
        const responseBody = scrub(r.responseBody)!;
        if (responseBody !== r.responseBody) yield* run(tx.update(apiIdempotency).set({ responseBody }).where(and(eq(apiIdempotency.apiKeyId, r.apiKeyId), eq(apiIdempotency.key, r.key))));
      }
      yield* run(tx.update(checkoutSessions).set({ customer: '{}' }).where(eq(checkoutSessions.orderId, before.id)));
      // Reviews stay (a rating is no one's data) without the name shown, their text scrubbed of the buyer's.
      const given = yield* all(tx.select({ id: reviews.id, comment: reviews.comment }).from(reviews).where(eq(reviews.orderId, before.id)));
      for (const r of given) yield* run(tx.update(reviews).set({ authorName: '', comment: scrub(r.comment)! }).where(eq(reviews.id, r.id)));
      const first = pays[0];
      if (first) {
        yield* run(
          tx
            .insert(paymentEvents)
            .values({ paymentId: first.id, orderId: before.id, type: ANONYMISED_EVENT, source: 'merchant', dedupeKey: `anonymised:${before.id}`, detail: JSON.stringify({ actor: actor.email }), createdAt: now })
            .onConflictDoNothing(),
        );
      }
    }
    // Sessions never paid whose prefill names the buyer (the document as typed, with or without punctuation).
    const documents = [...new Set(list.map((o) => o.buyerDocument).filter(Boolean))];
    const emails = [...new Set(list.map((o) => o.buyerEmail.toLowerCase()))];
    const prefillDocument = sql`replace(replace(replace(replace(coalesce(json_extract(${checkoutSessions.customer}, '$.document'), ''), '.', ''), '-', ''), '/', ''), ' ', '')`;
    const prefillEmail = sql`lower(trim(coalesce(json_extract(${checkoutSessions.customer}, '$.email'), '')))`;
    yield* run(
      tx
        .update(checkoutSessions)
        .set({ customer: '{}' })
        .where(or(documents.length ? inArray(prefillDocument, documents) : undefined, inArray(prefillEmail, emails))),
    );
    const numbers = list.map((o) => (o.number ? `#${o.number}` : o.id.slice(0, 8))).join(', ');
    yield* activityStep(tx, { actor, action: 'anonymisation', summary: `Anonimizou o comprador de ${list.length === 1 ? '1 pedido' : `${list.length} pedidos`}`, target: numbers, ip: opts.ip ?? null });
    return { ok: true, orders: list.length } as const;
  });
}

/** The buyer's orders and whether anonymisation is possible now (none awaits payment). */
export async function buyerSummary(query: BuyerQuery) {
  const list = await buyerOrders(query);
  return { orders: list, hasPending: list.some((o) => o.status === 'pending') };
}
