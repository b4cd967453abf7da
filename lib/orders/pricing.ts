/**
 * The money rules of a cart and of the order it becomes — the one home for them. The cart page,
 * the checkout page and placeOrder all price through here, from catalog rows passed in (the
 * cart cookie and the form say only which products and how many). Integer centavos; pure.
 *
 * Rules today: line total = catalog price × quantity; a product not on sale is dropped from the
 * cart and refused in an order; tracked stock must cover the quantity; the Pix discount is the
 * shop's percentage of the items, once per order, rounded half up to the centavo (never on
 * shipping); the total the buyer pays (after the discount) must be within the API's limits
 * (R$ 5,00 minimum for both methods). Each part of an order's money (items, Pix discount,
 * shipping) is computed here and stored as its own line.
 */
import { formatBRL } from '@balcao/br/money';
import { LIMITS } from '@balcao/payment-contract';
import { applyPromotions, type PromotionDiscount } from '@/lib/promotions/engine';
import type { LivePromotion } from '@/lib/promotions/rules';

/** The API's minimum for both Pix and boleto (R$ 5,00). */
export const MIN_ORDER_CENTS = LIMITS.minAmount * 100;
/** The boleto barcode's largest amount, applied to both methods. */
export const MAX_ORDER_CENTS = Math.round(LIMITS.boletoMaxAmount * 100);

/**
 * The shop's Pix discount on `itemsCents` at `bps` basis points (500 = 5 %): the discounted
 * items are rounded half up to the centavo (R$ 94,90 at 5 % = 90,155 → R$ 90,16) and the
 * discount is what that takes off. Integer arithmetic only, once on the order's items (not per
 * line or unit).
 */
export function pixDiscountCents(itemsCents: number, bps: number): number {
  if (!Number.isSafeInteger(itemsCents) || itemsCents <= 0 || !Number.isSafeInteger(bps) || bps <= 0) return 0;
  const discounted = Math.floor((itemsCents * (10000 - Math.min(bps, 10000)) + 5000) / 10000);
  return itemsCents - discounted;
}

/** A price as a Pix buyer pays it when it is the whole order ("R$ 90,16 no Pix"). */
export function pixPriceCents(priceCents: number, bps: number): number {
  return priceCents - pixDiscountCents(priceCents, bps);
}

/** What pricing needs of a coupon: a percentage (basis points), a fixed value (centavos), or free shipping (nothing off the items). */
export type PricingCoupon = { kind: 'percent' | 'fixed' | 'free_shipping'; value: number };

/**
 * A coupon's discount on `itemsCents` (never on shipping): a percentage rounds the discounted
 * items half up to the centavo, as the Pix discount does; a fixed value takes off at most the
 * items. Never negative, never more than the items.
 */
export function couponDiscountCents(itemsCents: number, coupon: PricingCoupon | null | undefined): number {
  if (!coupon || coupon.kind === 'free_shipping' || !Number.isSafeInteger(itemsCents) || itemsCents <= 0 || !Number.isSafeInteger(coupon.value) || coupon.value <= 0) return 0;
  if (coupon.kind === 'percent') return pixDiscountCents(itemsCents, coupon.value);
  return Math.min(coupon.value, itemsCents);
}

/** The money lines of an order for one method. */
export type OrderMoney = { itemsCents: number; promotionDiscountCents: number; couponDiscountCents: number; pixDiscountCents: number; pixDiscountBps: number; totalCents: number };

/**
 * The automatic promotions apply first (`promotionCents`, lib/promotions/engine.ts), then the
 * coupon to what they left, then the Pix discount to what is left after it (docs/reference.md,
 * "Promoções"). `couponCents` is the coupon's discount already computed (couponDiscountCents,
 * on the items after promotions) — kept as it was when an order is priced again.
 */
export function orderMoney(itemsCents: number, method: 'pix' | 'boleto', pixDiscountBps: number, couponCents = 0, promotionCents = 0): OrderMoney {
  const promotion = Math.max(0, Math.min(promotionCents, itemsCents));
  const coupon = Math.max(0, Math.min(couponCents, itemsCents - promotion));
  const rest = itemsCents - promotion - coupon;
  const bps = method === 'pix' ? Math.max(0, pixDiscountBps) : 0;
  const discount = pixDiscountCents(rest, bps);
  return { itemsCents, promotionDiscountCents: promotion, couponDiscountCents: coupon, pixDiscountCents: discount, pixDiscountBps: discount > 0 ? bps : 0, totalCents: rest - discount };
}

export const COUPON_MINIMUM_MESSAGE = `Com o cupom, o total fica abaixo do mínimo de ${formatBRL(MIN_ORDER_CENTS)}. Adicione mais itens.`;

export const PIX_MINIMUM_MESSAGE = `Com o desconto do Pix, o total fica abaixo do mínimo de ${formatBRL(MIN_ORDER_CENTS)}. Pague com boleto ou adicione mais itens.`;
export const SOLD_OUT_WHILE_BUYING = 'Este produto esgotou enquanto você comprava';

/**
 * What pricing needs of a catalog variant on sale (CatalogItem has it): `id` is the product's,
 * `name` the line's whole name, price and stock the variant's. Without `variantName` it is the
 * implicit variant of a product without options, which a line naming no variant matches.
 */
export type PricingProduct = { id: number; name: string; priceCents: number; stock: number | null; variantId?: number; sku?: string | null; variantName?: string | null };
/** A line of a cart or an order: a product, and which of its variants (none: its implicit one). */
export type ItemLine = { productId: number; variantId?: number; quantity: number };

/** The catalog row a line is priced from: the variant it names, or the product's implicit variant. */
export function itemFor<P extends PricingProduct>(line: ItemLine, catalog: readonly P[]): P | undefined {
  return catalog.find((p) => p.id === line.productId && (line.variantId !== undefined ? p.variantId === line.variantId : !p.variantName));
}

export type PricedLine<P extends PricingProduct = PricingProduct> = {
  product: P;
  quantity: number;
  lineTotalCents: number;
  /** Set when the catalog's stock cannot cover the quantity (pt-BR). */
  problem?: string;
};

export type PricedCart<P extends PricingProduct = PricingProduct> = {
  lines: PricedLine<P>[];
  subtotalCents: number;
  /** Units across all lines. */
  itemCount: number;
  /** Lines dropped because the product is unknown or no longer on sale. */
  droppedLines: number;
  belowMinimum: boolean;
  /** Why checkout cannot proceed (pt-BR), or null when it can. */
  blocker: string | null;
};

export const EMPTY_CART_MESSAGE = 'Seu carrinho está vazio.';
export const MINIMUM_MESSAGE = `O valor mínimo para pagar com Pix ou boleto é ${formatBRL(MIN_ORDER_CENTS)}. Adicione mais itens para finalizar a compra.`;
export const STOCK_MESSAGE = 'Alguns itens não têm estoque suficiente. Ajuste as quantidades no carrinho.';
export const UNAVAILABLE_MESSAGE = 'Um dos produtos do carrinho não está mais disponível. Revise o carrinho.';

/** Why tracked stock cannot cover `quantity` (pt-BR), or undefined when it can (null stock = not tracked). */
export function stockProblem(stock: number | null, quantity: number): string | undefined {
  if (stock === null) return undefined;
  if (stock <= 0) return 'Esgotado.';
  if (quantity > stock) return stock === 1 ? 'Só resta 1 unidade.' : `Só restam ${stock} unidades.`;
  return undefined;
}

export function priceCart<P extends PricingProduct>(lines: readonly ItemLine[], catalog: readonly P[]): PricedCart<P> {
  const priced: PricedLine<P>[] = [];
  let droppedLines = 0;
  for (const line of lines) {
    const product = itemFor(line, catalog);
    if (!product) {
      droppedLines += 1;
      continue;
    }
    const problem = stockProblem(product.stock, line.quantity);
    priced.push({ product, quantity: line.quantity, lineTotalCents: product.priceCents * line.quantity, ...(problem ? { problem } : {}) });
  }
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const itemCount = priced.reduce((n, l) => n + l.quantity, 0);
  const belowMinimum = priced.length > 0 && subtotalCents < MIN_ORDER_CENTS;
  const blocker =
    priced.length === 0 ? EMPTY_CART_MESSAGE : priced.some((l) => l.problem) ? STOCK_MESSAGE : belowMinimum ? MINIMUM_MESSAGE : null;
  return { lines: priced, subtotalCents, itemCount, droppedLines, belowMinimum, blocker };
}

/**
 * Why a checkout submit cannot go on, as the buyer should read it then: a product that ran
 * out since it went into the cart says so by name ("Este produto esgotou enquanto você
 * comprava"); otherwise the cart's own blocker.
 */
export function checkoutBlocker(cart: PricedCart): string | null {
  const short = cart.lines.find((l) => l.problem);
  return short ? shortStockMessage(short.product.name, short.product.stock ?? 0) : cart.blocker;
}

/** The lines as placeOrder takes them. */
export function orderItemsOf(cart: PricedCart): ItemLine[] {
  // A product without options is named alone (its implicit variant), as its cart line is.
  return cart.lines.map((l) => ({ productId: l.product.id, ...(l.product.variantId !== undefined && l.product.variantName ? { variantId: l.product.variantId } : {}), quantity: l.quantity }));
}

/**
 * One stored line of an order (catalog price at the moment of the order; a payment link's line
 * has no product). A catalog line also names its variant, its SKU and its option values.
 */
export type OrderLine = {
  productId: number | null;
  variantId?: number | null;
  sku?: string | null;
  variantName?: string | null;
  name: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
};
/**
 * One line of an order, as every order prices it: a catalog product (its variant, SKU and option
 * values named) at `unitPriceCents` (the catalog's price unless an offer's), or an ad-hoc line
 * (a payment link's, an API session's) by its name.
 */
export function orderLine(of: PricingProduct | { name: string }, quantity: number, unitPriceCents: number): OrderLine {
  const named =
    'id' in of
      ? { productId: of.id, ...(of.variantId !== undefined ? { variantId: of.variantId, sku: of.sku ?? null, variantName: of.variantName ?? null } : {}), name: of.name }
      : { productId: null, name: of.name };
  return { ...named, unitPriceCents, quantity, lineTotalCents: unitPriceCents * quantity };
}

/** An offer at checkout ticked: its line, last, at the offer's price (lib/checkout/offers.ts). */
export type OfferLine = { productId: number; item: PricingProduct; priceCents: number };
/** `field`: where the form shows a refusal ("items" unless said). */
export type PricedOrder = ({ ok: true; lines: OrderLine[]; /** Each promotion's discount, its own line (none on a link or a session). */ promotionDiscounts?: PromotionDiscount[]; /** The accepted offer (its line is the last). */ offer?: { productId: number; offeredProductId: number; offeredVariantId: number | null; priceCents: number } } & OrderMoney) | { ok: false; message: string; field?: 'items' | 'amount' | 'method' };

/** Short stock as the buyer reads it at checkout: gone since the cart was filled, or fewer left. */
export function shortStockMessage(name: string, stock: number): string {
  return stock <= 0
    ? `${SOLD_OUT_WHILE_BUYING}: ${name}. Seu carrinho foi mantido; remova o item para continuar.`
    : `Só ${stock === 1 ? 'resta 1 unidade' : `restam ${stock} unidades`} de ${name}. Ajuste a quantidade no carrinho.`;
}

/**
 * An order's lines and total from the catalog rows on sale (`catalog`), or why it cannot be
 * placed: a product not on sale, short stock, a total outside the API's limits. The same rules
 * as the cart's blocker, but strict: the cart drops what is gone, an order refuses it.
 */
export function priceOrder(
  items: readonly ItemLine[],
  catalog: readonly PricingProduct[],
  method: 'pix' | 'boleto',
  opts: { pixDiscountBps?: number; coupon?: PricingCoupon | null; promotions?: { list: readonly LivePromotion[]; categoriesOf: ReadonlyMap<number, readonly number[]> }; offer?: OfferLine | null } = {},
): PricedOrder {
  const cart = priceCart(items, catalog);
  // The offer's unit is checked like any line's (the order's transaction takes it from stock).
  const offer = opts.offer ?? null;
  const offerShort = offer ? stockProblem(offer.item.stock, 1) : undefined;
  if (offer && offerShort) return { ok: false, message: shortStockMessage(offer.item.name, offer.item.stock ?? 0) };
  const offerCents = offer?.priceCents ?? 0;
  if (cart.droppedLines > 0) return { ok: false, message: UNAVAILABLE_MESSAGE };
  if (cart.lines.length === 0) return { ok: false, message: EMPTY_CART_MESSAGE };
  const short = cart.lines.find((l) => l.problem);
  if (short) return { ok: false, message: shortStockMessage(short.product.name, short.product.stock ?? 0) };
  if (cart.belowMinimum) return { ok: false, message: MINIMUM_MESSAGE };
  const promo = opts.promotions ? applyPromotions(cart.lines.map((l) => ({ productId: l.product.id, categoryIds: opts.promotions?.categoriesOf.get(l.product.id), unitPriceCents: l.product.priceCents, quantity: l.quantity })), opts.promotions.list) : null;
  const promotionCents = promo?.totalCents ?? 0;
  // The offer's price is already its discount: promotions leave its line alone; the coupon and the Pix discount count it.
  const itemsCents = cart.subtotalCents + offerCents;
  const money = orderMoney(itemsCents, method, opts.pixDiscountBps ?? 0, couponDiscountCents(itemsCents - promotionCents, opts.coupon), promotionCents);
  if (money.totalCents < MIN_ORDER_CENTS) return { ok: false, message: money.pixDiscountCents > 0 ? PIX_MINIMUM_MESSAGE : money.couponDiscountCents > 0 ? COUPON_MINIMUM_MESSAGE : MINIMUM_MESSAGE };
  if (money.totalCents > MAX_ORDER_CENTS) {
    return { ok: false, message: `O valor máximo de um pedido com ${method === 'pix' ? 'Pix' : 'boleto'} é ${formatBRL(MAX_ORDER_CENTS)}.` };
  }
  const lines = cart.lines.map((l) => orderLine(l.product, l.quantity, l.product.priceCents));
  if (!offer) return { ok: true, lines, ...money, promotionDiscounts: promo?.discounts ?? [] };
  const o = offer.item;
  lines.push(orderLine(o, 1, offer.priceCents));
  const promotionDiscounts = (promo?.discounts ?? []).map((d) => ({ ...d, lineShares: [...d.lineShares, 0] }));
  return { ok: true, lines, ...money, promotionDiscounts, offer: { productId: offer.productId, offeredProductId: o.id, offeredVariantId: o.variantName ? (o.variantId ?? null) : null, priceCents: offer.priceCents } };
}

/** What pricing needs of a payment link. */
export type PricingLink = {
  title: string;
  amountCents: number | null;
  minAmountCents: number | null;
  methods: 'pix' | 'boleto' | 'both';
  /** The catalog variant the link sells (lib/links/link-variant.ts): its line names it. */
  variant?: { productId: number; variantId: number; sku: string | null; variantName: string | null; name: string } | null;
};

export const METHOD_NOT_ON_LINK = { pix: 'Este link aceita só boleto.', boleto: 'Este link aceita só Pix.' } as const;

/**
 * A payment link's order: one line, the link's title, at the link's fixed price or at the
 * amount the buyer typed (never below the link's minimum nor R$ 5,00, never above the
 * maximum). A fixed price ignores any amount sent. The method must be one the link allows.
 */
export function priceLinkOrder(
  link: PricingLink,
  buyerAmountCents: number | undefined,
  method: 'pix' | 'boleto',
  opts: { pixDiscountBps?: number; coupon?: PricingCoupon | null } = {},
): PricedOrder {
  if (link.methods !== 'both' && link.methods !== method) return { ok: false, message: METHOD_NOT_ON_LINK[method], field: 'method' };
  let amount: number;
  if (link.amountCents !== null) amount = link.amountCents;
  else {
    const min = Math.max(link.minAmountCents ?? MIN_ORDER_CENTS, MIN_ORDER_CENTS);
    if (buyerAmountCents === undefined) return { ok: false, message: `Informe o valor que você vai pagar (a partir de ${formatBRL(min)}).`, field: 'amount' };
    if (!Number.isSafeInteger(buyerAmountCents) || buyerAmountCents < min) return { ok: false, message: `O valor mínimo é ${formatBRL(min)}.`, field: 'amount' };
    amount = buyerAmountCents;
  }
  if (amount < MIN_ORDER_CENTS) return { ok: false, message: MINIMUM_MESSAGE, field: 'items' };
  if (amount > MAX_ORDER_CENTS) return { ok: false, message: `O valor máximo é ${formatBRL(MAX_ORDER_CENTS)}.`, field: link.amountCents === null ? 'amount' : 'items' };
  // A link that takes the shop's Pix discount (opts.pixDiscountBps given by the caller) has it as its own line too.
  const money = orderMoney(amount, method, opts.pixDiscountBps ?? 0, couponDiscountCents(amount, opts.coupon));
  if (money.totalCents < MIN_ORDER_CENTS) return { ok: false, message: money.pixDiscountCents > 0 ? PIX_MINIMUM_MESSAGE : COUPON_MINIMUM_MESSAGE, field: 'items' };
  const v = link.variant;
  const line = v ? { productId: v.productId, variantId: v.variantId, sku: v.sku, variantName: v.variantName, name: v.name } : { productId: null, name: link.title };
  return { ok: true, lines: [{ ...line, unitPriceCents: amount, quantity: 1, lineTotalCents: amount }], ...money };
}

/** The charge: items − promotions − coupon − Pix discount + shipping. */
export function chargeCents(parts: { itemsCents: number; promotionDiscountCents?: number; couponDiscountCents?: number; pixDiscountCents?: number; shippingCents: number }): number {
  const total = parts.itemsCents - (parts.promotionDiscountCents ?? 0) - (parts.couponDiscountCents ?? 0) - (parts.pixDiscountCents ?? 0) + parts.shippingCents;
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('an order total must be a non-negative integer of centavos');
  return total;
}
