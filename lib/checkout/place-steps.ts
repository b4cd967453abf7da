/**
 * Placing an order, the steps inside its one transaction (lib/checkout/place-order.ts runs them
 * in this order; each has its own tests in place-steps.test.ts):
 *
 * 2. reserve — what must hold across processes, checked where the order is written so no other
 *    writer comes between: the unpaid orders per CPF/CNPJ, a payment link's places, a session's
 *    one order, a coupon's uses (compare-and-set), and the units of tracked stock (units held by
 *    orders whose reservation lapsed go back on the shelf first). Throws a refusal, rolling back.
 * 3. number — the order's readable number (order-number.ts).
 * 4. insert — the order, its lines, its session's link and its stock movements.
 * 5. open attempt — the payment in 'creating' with the charge's terms (lib/payments/create-charge.ts).
 *
 * On libSQL every round trip holds the write lock: `reserve` reads the
 * count, the lapsed holds, the stock and the next number in one batch, and everything `insert`
 * and `openAttempt` write goes as held writes, together, before the commit.
 */
import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import { reads, write, type Step } from '@/db/driver';
import type { Tx } from '@/db';
import { orderDiscounts, orderItems, orderOffers, orders, type Coupon } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { originColumns, type Attribution } from '@/lib/attribution/attribution';
import { lapsedHoldsQuery, releaseHolds, stockOfVariantsQuery, takeForNewOrder } from '@/lib/catalog';
import type { ValidOrder } from '@/lib/checkout/order-input';
import { numberOf, orderNumberQuery } from '@/lib/checkout/order-number';
import type { PricedPlacement } from '@/lib/checkout/place-price';
import { attachSessionOrder, claimSession, type SessionRefusal } from '@/lib/checkout/sessions/sessions';
import { claimCoupon, CouponRefused } from '@/lib/coupons/claim';
import { couponMessage } from '@/lib/coupons/rules';
import { claimLinkPlace, type LinkRefusal } from '@/lib/links/place';
import { reservationCutoff } from '@/lib/payment-settings/reservation';
import { addWorkingDays } from '@/lib/shipping';

/** Thrown inside the order's transaction when the buyer's CPF/CNPJ already has the most unpaid orders allowed. */
export class TooManyUnpaid extends Error {
  constructor(readonly limit: number) {
    super('too many unpaid orders for one document');
  }
}

/** Thrown inside the order's transaction to roll it back when the link no longer takes orders. */
export class LinkClosed extends Error {
  constructor(readonly reason: LinkRefusal) {
    super(`payment link refused: ${reason}`);
  }
}

/** Thrown inside the order's transaction when the session already has its order, or expired. */
export class SessionClosed extends Error {
  constructor(readonly reason: SessionRefusal) {
    super(`checkout session refused: ${reason}`);
  }
}

/** One order being placed: the cleaned input, its price, and the ids and clock it is written with. */
export type Placement = {
  input: ValidOrder;
  priced: PricedPlacement;
  orderId: string;
  token: string;
  /** One clock for created_at and the reservation window (tests fix it). */
  nowMs: number;
  stockHoldMinutes: number;
  unpaidLimit: number;
  /** Where the buyer came from ("Origem"), already cleaned. */
  origin: Attribution | null;
};

/** The units a new order takes: each line's variant (an old API session's line names none: its product's implicit variant). */
export function unitsOf(priced: PricedPlacement) {
  return priced.priced.lines.flatMap((l) =>
    // Migration 0022 gave each existing product an implicit variant with the product's own id.
    l.productId === null ? [] : [{ productId: l.productId, variantId: l.variantId ?? l.productId, quantity: l.quantity, name: l.name }],
  );
}

export type Reserved = {
  number: number;
  couponUse: Pick<Coupon, 'id' | 'code'> | null;
  /** The stock read with the number, and what lapsed holds gave back since: `insertOrder` takes from it. */
  stock: Awaited<ReturnType<typeof stockOfVariantsQuery>>;
  released: Map<number, number>;
};

/** Step 2 (with 3, the number, read in the same batch): throws a refusal, or what the order may take. */
export function* reserve(tx: Tx, p: Placement): Generator<Step, Reserved, unknown> {
  const { input } = p;
  const holdsSince = reservationCutoff(p.stockHoldMinutes, p.nowMs);
  const units = unitsOf(p.priced);
  const productIds = units.map((u) => u.productId);
  // At most N unpaid orders per CPF/CNPJ, counted in the transaction that adds one, so
  // concurrent checkouts in any number of processes cannot pass it.
  const [unpaid, lapsed, stock, numbered] = yield* reads([
    tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.buyerDocument, input.buyer.document), eq(orders.status, 'pending'))),
    lapsedHoldsQuery(tx, holdsSince, productIds),
    stockOfVariantsQuery(tx, units.map((u) => u.variantId)),
    // Bumped first and rolled back with a refusal: a number is never handed out twice nor lost to an order.
    orderNumberQuery(tx),
  ] as const);
  if (Number(unpaid[0]?.n ?? 0) >= p.unpaidLimit) throw new TooManyUnpaid(p.unpaidLimit);
  if ('link' in input) {
    // The link's limit, expiry and "Desativar" are checked HERE, in the transaction that
    // writes the order: no other writer can come between this check and the insert.
    const place = yield* claimLinkPlace(tx, input.link.id, saoPauloDate(), holdsSince);
    if (!place.ok) throw new LinkClosed(place.reason);
  }
  // A session makes one order: checked here, in the transaction that writes it.
  if ('session' in input) {
    const claim = yield* claimSession(tx, input.session.id, p.nowMs);
    if (!claim.ok) throw new SessionClosed(claim.reason);
  }
  // The coupon's use is counted here (compare-and-set on its counter), with the order it
  // belongs to: its limit holds across processes, and a refusal rolls the order back.
  let couponUse: Reserved['couponUse'] = null;
  const { priced } = p.priced;
  // A "Frete grátis" coupon takes nothing off the items but is used all the same.
  if (input.coupon && (priced.couponDiscountCents > 0 || p.priced.couponFreeShipping)) {
    const use = yield* claimCoupon(tx, input.coupon, { itemsCents: priced.itemsCents - priced.promotionDiscountCents, today: saoPauloDate(), document: input.buyer.document });
    if (use.discountCents !== priced.couponDiscountCents) throw new CouponRefused({ ok: false, reason: 'invalid', message: couponMessage('invalid') });
    couponUse = use;
  }
  // Units held by orders whose reservation lapsed go back on the shelf before this order counts them.
  const released = productIds.length > 0 ? yield* releaseHolds(tx, lapsed) : new Map<number, number>();
  return { number: numberOf(numbered), couponUse, stock, released };
}

/** Step 4: the order, its lines, its session's link and its units (throws OutOfStock before writing them). */
export function* insertOrder(tx: Tx, p: Placement, r: Reserved): Generator<Step, void, unknown> {
  const { input, orderId } = p;
  const { priced, shipping, freight, shippingCents, totalCents } = p.priced;
  const d = shipping.method === 'delivery' ? shipping.delivery : null;
  const a = input.address;
  const today = saoPauloDate();
  const at = new Date(p.nowMs).toISOString();
  yield* write(
    tx.insert(orders).values({
      id: orderId,
      number: r.number,
      token: p.token,
      checkoutKey: input.checkoutKey,
      status: 'pending',
      method: input.method,
      totalCents,
      itemsCents: priced.itemsCents,
      pixDiscountCents: priced.pixDiscountCents,
      pixDiscountBps: priced.pixDiscountBps,
      couponId: r.couponUse?.id ?? null,
      couponCode: r.couponUse?.code ?? null,
      couponDiscountCents: r.couponUse ? priced.couponDiscountCents : 0,
      promotionDiscountCents: priced.promotionDiscountCents,
      shippingMethod: shipping.method,
      shippingCents,
      shippingPricedBy: freight?.pricedBy ?? null,
      shippingServiceId: freight?.option.serviceId ?? null,
      shippingServiceName: freight?.option.serviceId ? freight.option.name : null,
      deliveryFromDate: freight?.option.minDays != null ? addWorkingDays(today, freight.option.minDays) : null,
      deliveryToDate: freight?.option.maxDays != null ? addWorkingDays(today, freight.option.maxDays) : null,
      deliveryMinDays: freight?.option.minDays ?? null,
      deliveryMaxDays: freight?.option.maxDays ?? null,
      deliveryZip: d?.zip ?? null,
      deliveryStreet: d?.street ?? null,
      deliveryNumber: d?.number ?? null,
      deliveryComplement: d?.complement || null,
      deliveryNeighborhood: d?.neighborhood ?? null,
      deliveryCity: d?.city ?? null,
      deliveryState: d?.state ?? null,
      pickupAddress: shipping.method === 'pickup' ? shipping.pickupAddress : null,
      buyerName: input.buyer.name,
      buyerDocument: input.buyer.document,
      buyerEmail: input.buyer.email,
      buyerPhone: input.buyer.phone ?? null,
      whatsappConsent: !!(input.buyer.phone && input.buyer.whatsappConsent),
      whatsappConsentAt: input.buyer.phone && input.buyer.whatsappConsent ? new Date().toISOString() : null,
      buyerNote: input.note ?? null,
      addressZip: a?.zip ?? null,
      addressStreet: a?.street ?? null,
      addressNumber: a?.number ?? null,
      addressNeighborhood: a?.neighborhood ?? null,
      addressCity: a?.city ?? null,
      addressState: a?.state ?? null,
      paymentLinkId: 'link' in input ? input.link.id : null,
      ...originColumns(p.origin),
      createdAt: at,
      updatedAt: at,
    }),
  );
  for (const line of priced.lines) yield* write(tx.insert(orderItems).values({ orderId, ...line }));
  // Each promotion's discount, its own line, with what it took off each item (a refund's split).
  for (const d of priced.promotionDiscounts ?? []) {
    yield* write(tx.insert(orderDiscounts).values({ orderId, promotionId: d.promotionId, type: d.type, name: d.name, amountCents: d.amountCents, lineShares: JSON.stringify(d.lineShares) }));
  }
  // The offer at checkout accepted ("Ofertas aceitas"): its line is the order's last item.
  if (priced.offer) yield* write(tx.insert(orderOffers).values({ orderId, ...priced.offer }));
  // Free shipping by a promotion: what it waived, counted as the promotion's discount given (not a line of the items).
  const waived = freight?.option.freeBy;
  if (waived?.promotionId) yield* write(tx.insert(orderDiscounts).values({ orderId, promotionId: waived.promotionId, type: 'free_shipping', name: waived.name, amountCents: waived.waivedCents }));
  if ('session' in input) yield* attachSessionOrder(tx, input.session.id, orderId);
  // The units are the order's from this commit on: two shoppers can never both get the last one.
  yield* takeForNewOrder(tx, orderId, unitsOf(p.priced), r.stock, r.released);
}
