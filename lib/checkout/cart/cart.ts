/**
 * The shopper's cart on the server: read from and written to the cart cookie
 * (cart-cookie.ts), priced from the catalog (lib/orders/pricing.ts). Used by pages and server actions.
 */
import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { env } from '@/lib/config/env';
import { database } from '@/db';
import { catalogItemsOf, catalogItemsQuery, itemsOfProducts, type CatalogItem } from '@/lib/catalog';
import { settingsOf, settingsQuery, type PaymentSettings } from '@/lib/payment-settings/settings';
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

/**
 * The cart priced from the catalog, and the shop's settings, read in one batch: the checkout's
 * submit needs both, and on Turso that is one round trip where it was two.
 * `catalog`: the rows it was priced from, which placeOrder prices the order from again.
 */
export async function readCartWithSettings(): Promise<CartWithSettings> {
  const lines = await readCartLines();
  const [rows, settingsRows] = await database().batch(cartWithSettingsQueries(lines));
  return cartWithSettingsOf(lines, rows, settingsRows);
}

export type CartWithSettings = { cart: PricedCart<CatalogItem>; catalog: CatalogItem[]; settings: PaymentSettings };

/** `readCartWithSettings`'s two reads, for a caller that sends them in a batch of its own. */
export function cartWithSettingsQueries(lines: readonly CartLine[]) {
  return [catalogItemsQuery(lines.map((l) => l.productId)), settingsQuery()] as const;
}

export function cartWithSettingsOf(
  lines: readonly CartLine[],
  rows: Awaited<ReturnType<typeof cartWithSettingsQueries>[0]>,
  settingsRows: Awaited<ReturnType<typeof cartWithSettingsQueries>[1]>,
): CartWithSettings {
  const catalog = catalogItemsOf(rows);
  return { cart: priceCart([...lines], catalog), catalog, settings: settingsOf(settingsRows) };
}

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
