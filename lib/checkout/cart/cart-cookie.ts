/**
 * The cart lives in one cookie so the server can render the cart and the checkout without
 * JavaScript. It carries product (and variant) ids and quantities only — never a price: prices, stock and
 * totals are always recomputed from the catalog on the server.
 *
 * Format: "<id>x<qty>" or, for a variant of a product with options, "<id>v<variant>x<qty>" lines
 * joined by ".", e.g. "3x1.5v12x2" (cookie-safe characters only).
 * Anything that does not match (garbage, negative or huge quantities, extra fields such as
 * a price, too many lines) is dropped line by line; parsing never throws.
 */

export const CART_COOKIE = 'balcao_cart';
/** Most units of one product in a cart. */
export const MAX_QUANTITY = 20;
/** Most distinct products in a cart. */
export const MAX_LINES = 20;
/** Longest cookie value read at all (anything longer is garbage). */
const MAX_COOKIE_LENGTH = 1024;
const MAX_PRODUCT_ID = 2_147_483_647;

export type CartLine = { productId: number; variantId?: number; quantity: number };

const LINE = /^([1-9]\d{0,9})(?:v([1-9]\d{0,9}))?x([1-9]\d{0,2})$/;

/** One line per product and variant. */
const keyOf = (l: { productId: number; variantId?: number }) => `${l.productId}:${l.variantId ?? ''}`;
const lineText = (l: CartLine) => `${l.productId}${l.variantId !== undefined ? `v${l.variantId}` : ''}x${l.quantity}`;

/** Cookie value → cart lines. Invalid lines are ignored; a repeated product keeps its first line. */
export function parseCartCookie(value: string | undefined | null): CartLine[] {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_COOKIE_LENGTH) return [];
  const lines: CartLine[] = [];
  const seen = new Set<string>();
  for (const part of value.split('.')) {
    const m = LINE.exec(part);
    if (!m) continue;
    const productId = Number(m[1]);
    const variantId = m[2] === undefined ? undefined : Number(m[2]);
    const quantity = Number(m[3]);
    const line: CartLine = { productId, ...(variantId !== undefined ? { variantId } : {}), quantity };
    if (productId > MAX_PRODUCT_ID || (variantId ?? 0) > MAX_PRODUCT_ID || quantity > MAX_QUANTITY || seen.has(keyOf(line))) continue;
    seen.add(keyOf(line));
    lines.push(line);
    if (lines.length === MAX_LINES) break;
  }
  return lines;
}

/** Cart lines → cookie value (only valid lines are written). */
export function serializeCart(lines: readonly CartLine[]): string {
  const whole = lines.filter((l) => Number.isSafeInteger(l.productId) && Number.isSafeInteger(l.quantity) && (l.variantId === undefined || Number.isSafeInteger(l.variantId)));
  return parseCartCookie(whole.map(lineText).join('.'))
    .map(lineText)
    .join('.');
}

function isProductId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_PRODUCT_ID;
}

function clampQuantity(q: number): number {
  if (!Number.isFinite(q)) return 0;
  return Math.max(0, Math.min(MAX_QUANTITY, Math.trunc(q)));
}

/** Adds `quantity` units (capped at MAX_QUANTITY per line; a full cart ignores new lines). `variantId`: which variant. */
export function addToLines(lines: readonly CartLine[], productId: number, quantity = 1, variantId?: number): CartLine[] {
  const q = clampQuantity(quantity);
  if (!isProductId(productId) || q === 0 || (variantId !== undefined && !isProductId(variantId))) return [...lines];
  const key = keyOf({ productId, variantId });
  const existing = lines.find((l) => keyOf(l) === key);
  if (existing) return lines.map((l) => (keyOf(l) === key ? { ...l, quantity: clampQuantity(l.quantity + q) } : l));
  if (lines.length >= MAX_LINES) return [...lines];
  return [...lines, { productId, ...(variantId !== undefined ? { variantId } : {}), quantity: q }];
}

/** Sets a line's quantity; 0 removes it. A line not in the cart is left out. */
export function setLineQuantity(lines: readonly CartLine[], productId: number, quantity: number, variantId?: number): CartLine[] {
  const q = clampQuantity(quantity);
  if (q === 0) return removeFromLines(lines, productId, variantId);
  const key = keyOf({ productId, variantId });
  return lines.map((l) => (keyOf(l) === key ? { ...l, quantity: q } : l));
}

export function removeFromLines(lines: readonly CartLine[], productId: number, variantId?: number): CartLine[] {
  const key = keyOf({ productId, variantId });
  return lines.filter((l) => keyOf(l) !== key);
}

/** Units in the cart (for the header's count). */
export function unitCount(lines: readonly CartLine[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}
