/**
 * placeOrder: turns one checkout submit into an order and its charge at the provider.
 *
 * Prices are re-read from the catalog (never from the form), the total is integer centavos:
 * items − the shop's Pix discount (lib/orders/pricing.ts), each stored as its own line. The
 * order's units of tracked stock are taken in the same transaction that writes it
 * (lib/catalog/stock.ts): a product that ran out meanwhile refuses the order, cart kept.
 * Idempotent per checkoutKey: the order, its items, its payment (Idempotency-Key, webhook
 * token, createState 'creating') and the charge's terms are written in ONE transaction;
 * the API is called after it. A repeated submit finds the same order: it returns at once
 * when the charge exists, or re-sends the same request with the same key when the first
 * answer was lost.
 */
import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import { database } from '@/db';
import { get, run } from '@/db/driver';
import { orderItems, orders, payments, type Order, currentPaymentOf } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { maskDocument } from '@balcao/br/documents';
import { itemsOfProducts } from '@/lib/catalog/catalog';
import { OutOfStock, releaseLapsedHolds, takeForOrder } from '@/lib/catalog/stock';
import { userMessage } from '@/lib/payment-provider/client';
import { CHECK_FIELDS_MESSAGE, type FieldErrors } from '@/lib/checkout/fields';
import { nextOrderNumber } from '@/lib/checkout/order-number';
import { checkOrderInput, type LinkOrderInput, type OrderInput, type SessionOrderInput, type ValidOrder } from '@/lib/checkout/order-input';
import { attachSessionOrder, claimSession, sessionById, SESSION_REFUSAL_MESSAGES, type SessionRefusal } from '@/lib/checkout-sessions/sessions';
import { priceLinkOrder, priceOrder, shortStockMessage, type PricedOrder } from '@/lib/orders/pricing';
import { linkById } from '@/lib/links/links';
import { LINK_VARIANT_SOLD_OUT, linkVariantLine } from '@/lib/links/link-variant';
import { claimLinkPlace, REFUSAL_MESSAGES, type LinkRefusal } from '@/lib/links/place';
import { MAX_ORDER_CENTS } from '@/lib/orders/pricing';
import { anyShips, shippingForOrder } from '@/lib/checkout/shipping';
import { chargeCents } from '@/lib/orders/pricing';
import { formatBRL } from '@balcao/br/money';
import { getShippingRules } from '@/lib/shipping/settings';
import { getCarrierSettings } from '@/lib/shipping/carrier';
import { addWorkingDays, deliveryOptions, type CartParcel, type DeliveryOption } from '@/lib/shipping/options';
import { chooseFreight } from '@/lib/checkout/freight';
import { logger, redactSecrets } from '@/lib/server/log';
import { reservationCutoff } from '@/lib/settings/reservation';
import { getSettings, type PaymentSettings } from '@/lib/settings/settings';
import { getShopIdentity } from '@/lib/shop/identity';
import { env } from '@/lib/config/env';
import { chargeTerms } from '@/lib/payments/charge-request';
import { openAttempt, submitCreate, type CreateOutcome } from '@/lib/payments/create-charge';
import { newId, randomToken } from '@/lib/security/tokens';
import { claimCoupon, CouponRefused } from '@/lib/coupons/claim';
import { couponByCode } from '@/lib/coupons/coupons';
import { checkCoupon, couponMessage, type CouponCheck } from '@/lib/coupons/rules';
import type { Coupon } from '@/db/schema';
import { withAfterPass } from '@/lib/server/after-pass';
import { cleanAttribution, originColumns, type Attribution } from '@/lib/attribution/attribution';

export type { LinkOrderInput, OrderInput, SessionOrderInput } from '@/lib/checkout/order-input';

/** A field the order's data can be refused on (by our checks or the provider's). */
type OrderFieldErrors = Omit<FieldErrors, 'checkoutKey' | 'method'>;
export type PlaceOrderResult =
  | { ok: true; orderToken: string }
  | { ok: false; error: string; fieldErrors?: OrderFieldErrors; sessionRefusal?: SessionRefusal; /** "Forma de entrega" quoted again, to choose from. */ freightOptions?: DeliveryOption[] };

export const PROVIDER_DID_NOT_ANSWER = 'O serviço de pagamentos não respondeu. Tente novamente.';
export const TRY_AGAIN = 'Não foi possível registrar o pedido agora. Tente novamente em instantes.';
export const ORDER_FAILED = 'Não foi possível gerar a cobrança deste pedido. Recarregue a página e faça o pedido de novo.';

/** Concurrent submits of the same form in this process share one run. */
const inFlight = new Map<string, Promise<PlaceOrderResult>>();

/** Beside the order's own details: where the buyer came from ("Origem"), cleaned again here. */
export type PlaceOrderOptions = { origin?: Attribution | null };

/** A cart's order (`items`) or a payment link's (`link`): the same details, the same path. */
export function placeOrder(input: OrderInput | LinkOrderInput | SessionOrderInput, opts: PlaceOrderOptions = {}): Promise<PlaceOrderResult> {
  // The instructions e-mail (and its alerts) go out right after the response.
  return withAfterPass(() => placeOrderNow(input, opts));
}

async function placeOrderNow(input: OrderInput | LinkOrderInput | SessionOrderInput, opts: PlaceOrderOptions): Promise<PlaceOrderResult> {
  // The shop's settings decide whether "Celular (WhatsApp)" is required, whatever the caller says.
  let settings: PaymentSettings;
  try {
    settings = await getSettings();
  } catch (error) {
    logger().error({ err: redactSecrets(String(error)) }, 'placeOrder failed');
    return { ok: false, error: TRY_AGAIN };
  }
  const cleaned = checkOrderInput(input, { phoneRequired: settings.requireBuyerPhone });
  if (!cleaned.ok) return cleaned;
  const key = cleaned.value.checkoutKey;
  const running = inFlight.get(key);
  if (running) return running;
  const placing = place(cleaned.value, settings, cleanAttribution(opts.origin))
    .catch((error): PlaceOrderResult => {
      // A database failure, say: the same submit can simply be retried (same checkout key).
      logger().error({ err: redactSecrets(String(error)) }, 'placeOrder failed');
      return { ok: false, error: TRY_AGAIN };
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, placing);
  return placing;
}

async function findByCheckoutKey(checkoutKey: string): Promise<{ order: Order; paymentId?: string } | undefined> {
  const { db } = database();
  const [order] = await db.select().from(orders).where(eq(orders.checkoutKey, checkoutKey));
  if (!order) return undefined;
  const [payment] = await db.select({ id: payments.id }).from(payments).where(currentPaymentOf(order.id));
  return { order, paymentId: payment?.id };
}

function pricingError(refusal: Extract<PricedOrder, { ok: false }>): Extract<PlaceOrderResult, { ok: false }> {
  // The method is chosen on the form, but a refusal of it is said as a general message.
  if (refusal.field === 'method') return { ok: false, error: refusal.message };
  return { ok: false, error: refusal.message, fieldErrors: { [refusal.field ?? 'items']: refusal.message } };
}

/**
 * The order's lines and money (the catalog's prices for a cart, the link's for a payment link),
 * and whether anything in it ships (the catalog says; a link sells no physical product).
 */
async function priceOf(
  input: ValidOrder,
  settings: PaymentSettings,
): Promise<
  (PricedOrder & { ships?: boolean; parcels?: CartParcel[] }) | { ok: false; linkRefusal: LinkRefusal } | { ok: false; sessionRefusal: SessionRefusal } | Extract<CouponCheck, { ok: false }>
> {
  if ('session' in input) {
    // The session's lines as the store created them (no Pix discount: the store set the price).
    const session = await sessionById(input.session.id);
    if (!session) return { ok: false, sessionRefusal: 'not_found' };
    if (!session.methods.includes(input.method)) return { ok: false, message: `Esta compra aceita só ${session.methods[0] === 'pix' ? 'Pix' : 'boleto'}.`, field: 'method' };
    // Nothing in a session ships (lib/public-api refuses products that need delivery).
    const itemsCents = session.amountTotalCents;
    return { ok: true, lines: session.lines, itemsCents, couponDiscountCents: 0, pixDiscountCents: 0, pixDiscountBps: 0, totalCents: itemsCents, ships: false };
  }
  if ('link' in input) {
    const link = await linkById(input.link.id);
    if (!link) return { ok: false, linkRefusal: 'not_found' };
    if (input.coupon && !link.allowCoupons) return { ok: false, reason: 'not_here', message: couponMessage('not_here') };
    // The coupon is checked on the link's amount (what the buyer pays for the items).
    const amount = link.amountCents ?? input.link.amountCents ?? 0;
    const coupon = input.coupon ? await couponFor(input.coupon, amount) : null;
    if (coupon && !coupon.ok) return coupon;
    // A link that sells a variant: its line names it (and the order takes its stock, below).
    const variant = link.variantId ? await linkVariantLine(link.variantId) : null;
    if (link.variantId && !variant) return { ok: false, message: LINK_VARIANT_SOLD_OUT, field: 'items' };
    const priced = priceLinkOrder({ ...link, variant }, input.link.amountCents, input.method, {
      pixDiscountBps: link.pixDiscount ? settings.pixDiscountBps : 0,
      coupon: coupon?.coupon,
    });
    return priced.ok ? { ...priced, ships: false } : priced;
  }
  const catalog = await itemsOfProducts(input.items.map((i) => i.productId));
  let coupon: CouponCheck | null = null;
  if (input.coupon) {
    const probe = priceOrder(input.items, catalog, input.method);
    // A cart that cannot be priced says so first; the coupon is checked on a cart that can.
    if (probe.ok) {
      coupon = await couponFor(input.coupon, probe.itemsCents);
      if (!coupon.ok) return coupon;
    }
  }
  const priced = priceOrder(input.items, catalog, input.method, { pixDiscountBps: settings.pixDiscountBps, coupon: coupon?.ok ? coupon.coupon : null });
  const ordered = catalog.filter((p) => input.items.some((i) => i.productId === p.id));
  if (!priced.ok) return priced;
  // What each line weighs and measures (its variant's, else its product's), for the carrier's quote.
  const parcels: CartParcel[] = priced.lines.flatMap((l) => {
    const item = catalog.find((c) => c.variantId === (l.variantId ?? l.productId));
    if (!item || !item.requiresShipping) return [];
    return [{ id: String(item.variantId), quantity: l.quantity, unitCents: l.unitPriceCents, weightGrams: item.weightGrams, heightCm: item.heightCm, widthCm: item.widthCm, lengthCm: item.lengthCm }];
  });
  return { ...priced, ships: anyShips(ordered), parcels };
}

/** Whether coupon `code` applies to items worth `itemsCents` today (read only: the order's transaction counts the use). */
async function couponFor(code: string, itemsCents: number): Promise<CouponCheck> {
  const coupon: Coupon | undefined = await couponByCode(code);
  return checkCoupon(coupon, { itemsCents, today: saoPauloDate() });
}

/** Thrown inside the order's transaction when the buyer's CPF/CNPJ already has the most unpaid orders allowed. */
class TooManyUnpaid extends Error {
  constructor(readonly limit: number) {
    super('too many unpaid orders for one document');
  }
}

export function tooManyUnpaidMessage(limit: number): string {
  return `Este CPF/CNPJ já tem ${limit} ${limit === 1 ? 'pedido' : 'pedidos'} aguardando pagamento. Pague um deles (o link está no e-mail de cada pedido) ou espere que expirem para fazer um novo.`;
}

/** Thrown inside the order's transaction to roll it back when the link no longer takes orders. */
class LinkClosed extends Error {
  constructor(readonly reason: LinkRefusal) {
    super(`payment link refused: ${reason}`);
  }
}

/** Thrown inside the order's transaction when the session already has its order, or expired. */
class SessionClosed extends Error {
  constructor(readonly reason: SessionRefusal) {
    super(`checkout session refused: ${reason}`);
  }
}

async function place(input: ValidOrder, settings: PaymentSettings, origin: Attribution | null): Promise<PlaceOrderResult> {
  const existing = await findByCheckoutKey(input.checkoutKey);
  if (existing) return resume(existing);

  const shop = (await getShopIdentity()).name;
  if ('items' in input) {
    // Units of this cart held by orders whose reservation lapsed go back first, so the
    // catalog's stock the pricing reads is what is really free.
    const cutoff = reservationCutoff(settings.stockHoldMinutes);
    const ids = input.items.map((i) => i.productId);
    await database().transaction(function* (tx) {
      return yield* releaseLapsedHolds(tx, cutoff, ids);
    });
  }
  const priced = await priceOf(input, settings);
  if (!priced.ok) {
    if ('reason' in priced) return { ok: false, error: priced.message, fieldErrors: { coupon: priced.message } };
    if ('sessionRefusal' in priced) return { ok: false, error: SESSION_REFUSAL_MESSAGES[priced.sessionRefusal] };
    return 'linkRefusal' in priced ? { ok: false, error: REFUSAL_MESSAGES[priced.linkRefusal] } : pricingError(priced);
  }
  const linkId = 'link' in input ? input.link.id : null;
  const sessionId = 'session' in input ? input.session.id : null;
  // Shipping from the shop's rules and the catalog's own word on what ships (never the form's).
  const rules = await getShippingRules();
  const shipping = shippingForOrder({
    needsDelivery: priced.ships === true,
    shipping: input.shipping,
    delivery: input.delivery,
    rules,
    // Free shipping looks at the items at catalog prices, before the Pix discount.
    itemsCents: priced.itemsCents,
  });
  if (!shipping.ok) return { ok: false, error: shipping.error, fieldErrors: shipping.fieldErrors };
  // Delivery is quoted again here (the carrier's, or the UF table when it is off or fails): the
  // form only names the option and the price it showed; a changed price is refused, not charged.
  let freight: { cents: number; pricedBy: 'carrier' | 'table'; option: DeliveryOption } | null = null;
  if (shipping.method === 'delivery') {
    const offered = await deliveryOptions({ zip: shipping.delivery.zip, lines: priced.parcels ?? [], itemsCents: priced.itemsCents, rules, carrier: await getCarrierSettings() });
    if (!offered.ok) return { ok: false, error: offered.message, fieldErrors: { state: offered.message } };
    const choice = chooseFreight(offered, input.freight);
    if (!choice.ok) return { ok: false, error: CHECK_FIELDS_MESSAGE, fieldErrors: { freight: choice.message }, freightOptions: choice.options };
    freight = { cents: choice.option.cents, pricedBy: choice.pricedBy, option: choice.option };
  }
  const shippingCents = freight ? freight.cents : shipping.cents;
  // items − Pix discount + shipping: the discount never applies to shipping.
  const totalCents = chargeCents({
    itemsCents: priced.itemsCents,
    couponDiscountCents: priced.couponDiscountCents,
    pixDiscountCents: priced.pixDiscountCents,
    shippingCents,
  });
  if (totalCents > MAX_ORDER_CENTS) {
    return pricingError({ ok: false, message: `O valor máximo de um pedido com ${input.method === 'pix' ? 'Pix' : 'boleto'} é ${formatBRL(MAX_ORDER_CENTS)}.` });
  }
  const d = shipping.method === 'delivery' ? shipping.delivery : null;

  const orderId = newId();
  const paymentId = newId();
  const token = randomToken();
  const today = saoPauloDate();
  const a = input.address;

  const unpaidLimit = env().caps.unpaidOrdersPerDocument;
  const productIds = priced.lines.flatMap((l) => (l.productId === null ? [] : [l.productId]));

  try {
    await database().transaction(function* (tx) {
      // One clock for the order's created_at and its reservation window (tests fix it).
      const nowMs = Date.now();
      const holdsSince = reservationCutoff(settings.stockHoldMinutes, nowMs);
      // At most N unpaid orders per CPF/CNPJ, counted in the transaction that adds one, so
      // concurrent checkouts in any number of processes cannot pass it.
      const unpaid = yield* get(
        tx
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.buyerDocument, input.buyer.document), eq(orders.status, 'pending'))),
      );
      if (Number(unpaid?.n ?? 0) >= unpaidLimit) throw new TooManyUnpaid(unpaidLimit);
      if (linkId) {
        // The link's limit, expiry and "Desativar" are checked HERE, in the transaction that
        // writes the order: no other writer can come between this check and the insert.
        const place = yield* claimLinkPlace(tx, linkId, saoPauloDate(), holdsSince);
        if (!place.ok) throw new LinkClosed(place.reason);
      }
      // A session makes one order: checked here, in the transaction that writes it.
      if (sessionId) {
        const claim = yield* claimSession(tx, sessionId, nowMs);
        if (!claim.ok) throw new SessionClosed(claim.reason);
      }
      // The coupon's use is counted here (compare-and-set on its counter), with the order it
      // belongs to: its limit holds across processes, and a refusal rolls the order back.
      let couponUse: { id: string; code: string } | null = null;
      if (priced.couponDiscountCents > 0 && input.coupon) {
        const use = yield* claimCoupon(tx, input.coupon, { itemsCents: priced.itemsCents, today, document: input.buyer.document });
        if (use.discountCents !== priced.couponDiscountCents) throw new CouponRefused({ ok: false, reason: 'invalid', message: couponMessage('invalid') });
        couponUse = use;
      }
      // Units held by orders whose reservation lapsed go back on the shelf before this order counts them.
      yield* releaseLapsedHolds(tx, holdsSince, productIds);
      const number = yield* nextOrderNumber(tx);
      const terms = chargeTerms(input.method, settings, today, number, shop);
      yield* run(
        tx.insert(orders).values({
          id: orderId,
          number,
          token,
          checkoutKey: input.checkoutKey,
          status: 'pending',
          method: input.method,
          totalCents,
          itemsCents: priced.itemsCents,
          pixDiscountCents: priced.pixDiscountCents,
          pixDiscountBps: priced.pixDiscountBps,
          couponId: couponUse?.id ?? null,
          couponCode: couponUse?.code ?? null,
          couponDiscountCents: couponUse ? priced.couponDiscountCents : 0,
          shippingMethod: shipping.method,
          shippingCents,
          shippingPricedBy: freight?.pricedBy ?? null,
          shippingServiceId: freight?.option.serviceId ?? null,
          shippingServiceName: freight?.option.serviceId ? freight.option.name : null,
          deliveryFromDate: freight?.option.minDays != null ? addWorkingDays(today, freight.option.minDays) : null,
          deliveryToDate: freight?.option.maxDays != null ? addWorkingDays(today, freight.option.maxDays) : null,
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
          buyerNote: input.note ?? null,
          addressZip: a?.zip ?? null,
          addressStreet: a?.street ?? null,
          addressNumber: a?.number ?? null,
          addressNeighborhood: a?.neighborhood ?? null,
          addressCity: a?.city ?? null,
          addressState: a?.state ?? null,
          paymentLinkId: linkId,
          ...originColumns(origin),
          createdAt: new Date(nowMs).toISOString(),
          updatedAt: new Date(nowMs).toISOString(),
        }),
      );
      for (const line of priced.lines) yield* run(tx.insert(orderItems).values({ orderId, ...line }));
      if (sessionId) yield* attachSessionOrder(tx, sessionId, orderId);
      // The units are the order's from this commit on: two shoppers can never both get the last one.
      yield* takeForOrder(
        tx,
        orderId,
        priced.lines.flatMap((l) =>
          // A line written before variants (an open API session's) names none: migration 0022 gave each
          // existing product an implicit variant with the product's own id.
          l.productId === null ? [] : [{ productId: l.productId, variantId: l.variantId ?? l.productId, quantity: l.quantity, name: l.name }],
        ),
      );
      yield* openAttempt(tx, { paymentId, orderId, method: input.method, amountCents: totalCents, terms });
    });
  } catch (error) {
    if (error instanceof CouponRefused) return { ok: false, error: error.refusal.message, fieldErrors: { coupon: error.refusal.message } };
    if (error instanceof LinkClosed) return { ok: false, error: REFUSAL_MESSAGES[error.reason] };
    if (error instanceof SessionClosed) return { ok: false, error: SESSION_REFUSAL_MESSAGES[error.reason], sessionRefusal: error.reason };
    if (error instanceof TooManyUnpaid) {
      const message = tooManyUnpaidMessage(error.limit);
      return { ok: false, error: message, fieldErrors: { document: message } };
    }
    if (error instanceof OutOfStock) {
      // A link's buyer has no cart to change: the link's own words.
      const message = linkId ? LINK_VARIANT_SOLD_OUT : shortStockMessage(error.productName, error.left);
      return { ok: false, error: message, fieldErrors: { items: message } };
    }
    // Another process stored the same submit first (checkout_key is unique): continue with it.
    const other = await findByCheckoutKey(input.checkoutKey);
    if (other) return resume(other);
    throw error;
  }

  logger().info({ orderId, method: input.method, totalCents, shippingCents, shippingPricedBy: freight?.pricedBy, linkId, buyer: maskDocument(input.buyer.document) }, 'order placed');
  return outcome(await submitCreate(paymentId, { source: 'checkout', onRefused: 'delete', firstAttempt: true }));
}

async function resume(existing: { order: Order; paymentId?: string }): Promise<PlaceOrderResult> {
  if (!existing.paymentId) return { ok: false, error: ORDER_FAILED };
  return outcome(await submitCreate(existing.paymentId, { source: 'checkout', onRefused: 'delete' }));
}

/** Provider field path → checkout field. */
const FIELD_OF: Record<string, keyof OrderFieldErrors> = {
  'payer.name': 'name',
  'payer.document': 'document',
  'payer.zip': 'zip',
  'payer.street': 'street',
  'payer.number': 'number',
  'payer.neighborhood': 'neighborhood',
  'payer.city': 'city',
  'payer.state': 'state',
  amount: 'items',
};

function outcome(result: CreateOutcome): PlaceOrderResult {
  switch (result.kind) {
    case 'created':
      return { ok: true, orderToken: result.orderToken };
    case 'in_doubt':
      return { ok: false, error: PROVIDER_DID_NOT_ANSWER };
    case 'refused': {
      const message = userMessage(result.error);
      const field = result.error.field ? FIELD_OF[result.error.field] : undefined;
      if (!result.deleted) return { ok: false, error: ORDER_FAILED };
      return field ? { ok: false, error: CHECK_FIELDS_MESSAGE, fieldErrors: { [field]: message } } : { ok: false, error: message };
    }
    case 'failed':
    case 'missing':
      return { ok: false, error: ORDER_FAILED };
  }
}
