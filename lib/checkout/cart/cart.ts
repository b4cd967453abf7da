/**
 * The shopper's cart on the server: read from and written to the cart cookie
 * (cart-cookie.ts), priced from the catalog (lib/orders/pricing.ts). Used by pages and server actions.
 */
import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { env } from '@/lib/config/env';
import { itemsOfProducts, type CatalogItem } from '@/lib/catalog/catalog';
import { CART_COOKIE, parseCartCookie, serializeCart, type CartLine } from './cart-cookie';
import { priceCart, type PricedCart } from '@/lib/orders/pricing';

const THIRTY_DAYS = 60 * 60 * 24 * 30;

/** The cookie's lines as sent (not yet checked against the catalog). */
export async function readCartLines(): Promise<CartLine[]> {
  const jar = await cookies();
  return parseCartCookie(jar.get(CART_COOKIE)?.value);
}

/** The cart priced from the catalog; one query per request (memoised per render). */
export const readCart = cache(async (): Promise<PricedCart<CatalogItem>> => {
  const lines = await readCartLines();
  const catalog = await itemsOfProducts(lines.map((l) => l.productId));
  return priceCart(lines, catalog);
});

function secureCookies(): boolean {
  try {
    return env().appUrl.startsWith('https://');
  } catch {
    return false;
  }
}

/** Replaces the cart (only in a server action or route handler). An empty cart deletes the cookie. */
export async function writeCartLines(lines: readonly CartLine[]): Promise<void> {
  const jar = await cookies();
  const value = serializeCart(lines);
  if (!value) {
    jar.delete(CART_COOKIE);
    return;
  }
  jar.set(CART_COOKIE, value, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: THIRTY_DAYS, secure: secureCookies() });
}

export async function clearCart(): Promise<void> {
  (await cookies()).delete(CART_COOKIE);
}
