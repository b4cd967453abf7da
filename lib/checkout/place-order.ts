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
import { database } from '@/db';
import { type Order } from '@/db/schema';
import { shopToday } from '@/lib/embedded-provider/clock';
import { maskDocument } from '@balcao/br/documents';
import { catalogItemsOf, catalogItemsQuery, itemsOfProducts, type CatalogItem, OutOfStock, releaseLapsedHolds } from '@/lib/catalog';
import { userMessage } from '@/lib/payment-provider/client';
import { CHECK_FIELDS_MESSAGE, type FieldErrors } from '@/lib/checkout/fields';
import { checkOrderInput, type LinkOrderInput, type OrderInput, type SessionOrderInput, type ValidOrder } from '@/lib/checkout/order-input';
import { pricePlacement, type PriceContext } from '@/lib/checkout/place-price';
import { beforePricingOf, beforePricingQueries, existingOrderQuery, type BeforePricing, type PlaceContext } from '@/lib/checkout/place-context';
import { insertOrder, LinkClosed, reserve, SessionClosed, TooManyUnpaid, type Placement } from '@/lib/checkout/place-steps';
import { SESSION_REFUSAL_MESSAGES, type SessionRefusal } from '@/lib/checkout/sessions/sessions';
import { shortStockMessage } from '@/lib/orders/pricing';
import { LINK_VARIANT_SOLD_OUT } from '@/lib/links/link-variant';
import { REFUSAL_MESSAGES } from '@/lib/links/place';
import type { DeliveryOption } from '@/lib/shipping';
import { logger, redactSecrets } from '@/lib/server/log';
import { reservationCutoff } from '@/lib/payment-settings/reservation';
import { getSettings, type PaymentSettings } from '@/lib/payment-settings/settings';
import { env } from '@/lib/config/env';
import { chargeTerms, createInputsOf, createInputsQueries, openAttempt, sendCreate, submitCreate, type CreateInputs, type CreateOutcome } from '@/lib/payments';
import { reads } from '@/db/driver';
import { newId, randomToken } from '@/lib/security';
import { CouponRefused } from '@/lib/coupons/claim';
import { withAfterPass } from '@/lib/server/after-pass';
import { cleanAttribution, type Attribution } from '@/lib/attribution/attribution';

export type { LinkOrderInput, OrderInput, SessionOrderInput } from '@/lib/checkout/order-input';
export type { PlaceContext } from '@/lib/checkout/place-context';

/** A field the order's data can be refused on (by our checks or the provider's). */
type OrderFieldErrors = Omit<FieldErrors, 'checkoutKey' | 'method'>;
export type PlaceOrderResult =
  | { ok: true; orderToken: string }
  | { ok: false; error: string; fieldErrors?: OrderFieldErrors; sessionRefusal?: SessionRefusal; /** "Forma de entrega" quoted again, to choose from. */ freightOptions?: DeliveryOption[]; /** The promotions priced now (they changed since the page). */ promotionsNow?: string };

export const PROVIDER_DID_NOT_ANSWER = 'O serviço de pagamentos não respondeu. Tente novamente.';
export const TRY_AGAIN = 'Não foi possível registrar o pedido agora. Tente novamente em instantes.';
export const ORDER_FAILED = 'Não foi possível gerar a cobrança deste pedido. Recarregue a página e faça o pedido de novo.';

/** Concurrent submits of the same form in this process share one run. */
const inFlight = new Map<string, Promise<PlaceOrderResult>>();

/**
 * Beside the order's own details: where the buyer came from ("Origem"), cleaned again here; the
 * date the charge counts from; and the place-order context, what the caller already read this
 * request (place-context.ts), so that placing does not read it again. Prices still come only
 * from the catalog's rows, never from the form.
 */
export type PlaceOrderOptions = {
  origin?: Attribution | null;
  /** The São Paulo date the charge's due date counts from: a subscription's cycle passes the shop's clock's (place-cycle.ts). */
  today?: string;
  context?: PlaceContext;
};

/** A cart's order (`items`) or a payment link's (`link`): the same details, the same path. */
export function placeOrder(input: OrderInput | LinkOrderInput | SessionOrderInput, opts: PlaceOrderOptions = {}): Promise<PlaceOrderResult> {
  // The instructions e-mail (and its alerts) go out right after the response.
  return withAfterPass(() => placeOrderNow(input, opts));
}

async function placeOrderNow(input: OrderInput | LinkOrderInput | SessionOrderInput, opts: PlaceOrderOptions): Promise<PlaceOrderResult> {
  // The shop's settings decide whether "Celular (WhatsApp)" is required, whatever the caller says.
  let settings: PaymentSettings;
  try {
    settings = opts.context?.settings ?? (await getSettings());
  } catch (error) {
    logger().error({ err: redactSecrets(String(error)) }, 'placeOrder failed');
    return { ok: false, error: TRY_AGAIN };
  }
  const cleaned = checkOrderInput(input, { phoneRequired: settings.requireBuyerPhone });
  if (!cleaned.ok) return cleaned;
  const key = cleaned.value.checkoutKey;
  const running = inFlight.get(key);
  if (running) return running;
  const placing = place(cleaned.value, settings, cleanAttribution(opts.origin), opts.context ?? {}, opts.today)
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
  const [found] = await existingOrderQuery(checkoutKey);
  return found ? { order: found.order, paymentId: found.paymentId ?? undefined } : undefined;
}

/**
 * What placing reads before pricing, in one batch (one round trip on Turso):
 * the order this submit may already have made, the shop's name, its shipping row, and a cart's
 * catalog rows unless its caller read them this request.
 */
async function readBeforePricing(input: ValidOrder, known: PlaceContext): Promise<BeforePricing & { catalog: CatalogItem[] }> {
  // The checkout's submit read these with its cart, for this same key: nothing to read again.
  if (known.catalog && known.before?.checkoutKey === input.checkoutKey) return { ...known.before, catalog: known.catalog };
  const cartIds = 'items' in input && !known.catalog ? input.items.map((i) => i.productId) : [];
  const [existing, identity, shippingRows, catalogRows] = await database().batch([...beforePricingQueries(input.checkoutKey), catalogItemsQuery(cartIds)]);
  return { ...beforePricingOf(input.checkoutKey, existing, identity, shippingRows), catalog: known.catalog ?? catalogItemsOf(catalogRows) };
}

export function tooManyUnpaidMessage(limit: number): string {
  return `Este CPF/CNPJ já tem ${limit} ${limit === 1 ? 'pedido' : 'pedidos'} aguardando pagamento. Pague um deles (o link está no e-mail de cada pedido) ou espere que expirem para fazer um novo.`;
}

/**
 * The steps, named (place-price.ts, place-steps.ts): 1. price; then in ONE transaction 2. reserve
 * (with 3. the number), 4. insert, 5. open the payment attempt; then the charge at the provider.
 */
async function place(input: ValidOrder, settings: PaymentSettings, origin: Attribution | null, known: PlaceContext, today: string | undefined): Promise<PlaceOrderResult> {
  const before = await readBeforePricing(input, known);
  if (before.existing) return resume(before.existing);

  const ctx: PriceContext = { settings, rules: before.rules, carrier: before.carrier, catalog: before.catalog, ...(known.promotions ? { promotions: known.promotions } : {}) };
  let priced = await pricePlacement(input, ctx);
  if (!priced.ok && 'items' in input) {
    // Units of this cart held by orders whose reservation lapsed go back first, then the cart is
    // priced again on what is really free. Only on a refusal: the order's transaction gives them
    // back anyway before it counts the stock, so an order that prices never waits for this one.
    const ids = input.items.map((i) => i.productId);
    const released = await database().transaction(function* (tx) {
      return yield* releaseLapsedHolds(tx, reservationCutoff(settings.stockHoldMinutes), ids);
    });
    if (released > 0) priced = await pricePlacement(input, { ...ctx, catalog: await itemsOfProducts(ids) });
  }
  if (!priced.ok) return priced;

  const placement: Placement = {
    input,
    priced,
    orderId: newId(),
    token: randomToken(),
    nowMs: Date.now(),
    stockHoldMinutes: settings.stockHoldMinutes,
    unpaidLimit: env().caps.unpaidOrdersPerDocument,
    origin,
  };
  const paymentId = newId();
  const { orderId } = placement;
  const { totalCents, shippingCents, freight } = priced;

  let written: CreateInputs | undefined;
  try {
    written = await database().transaction(function* (tx) {
      placement.nowMs = Date.now();
      const reserved = yield* reserve(tx, placement);
      yield* insertOrder(tx, placement, reserved);
      const terms = chargeTerms(input.method, settings, today ?? shopToday(), reserved.number, before.shop);
      yield* openAttempt(tx, { paymentId, orderId, method: input.method, amountCents: totalCents, terms });
      // What the create is sent from, read back as written (its defaults, its keys) in the same
      // round trip as the held writes: the create does not read it again.
      return createInputsOf(yield* reads(createInputsQueries(tx, paymentId)));
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
      const message = 'link' in input ? LINK_VARIANT_SOLD_OUT : shortStockMessage(error.productName, error.left);
      return { ok: false, error: message, fieldErrors: { items: message } };
    }
    // Another process stored the same submit first (checkout_key is unique): continue with it.
    const other = await findByCheckoutKey(input.checkoutKey);
    if (other) return resume(other);
    throw error;
  }

  const linkId = 'link' in input ? input.link.id : null;
  logger().info({ orderId, method: input.method, totalCents, shippingCents, shippingPricedBy: freight?.pricedBy, linkId, buyer: maskDocument(input.buyer.document) }, 'order placed');
  const first = { source: 'checkout', onRefused: 'delete', firstAttempt: true } as const;
  return outcome(await (written ? sendCreate(written, first) : submitCreate(paymentId, first)));
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
