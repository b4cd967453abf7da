/**
 * What every page of the shop reads around its own data: the shop's identity (header, titles),
 * the payment settings (Pix discount, reservation) and the categories with a product on sale (the menu). One batch,
 * once per render (React's cache): on Turso that is one round trip where it was three.
 * Outside a render each call reads again, so actions and routes keep
 * `getShopIdentity` and `getSettings`, which read only their own row.
 */
import 'server-only';
import { cache } from 'react';
import { database } from '@/db';
import type { Category } from '@/db/schema';
import { shopCategoriesQuery } from '@/lib/catalog';
import { settingsOf, settingsQuery, type PaymentSettings } from '@/lib/payment-settings/settings';
import type { ShopIdentity } from './identity-values';
import { identityOf, identityQuery } from './identity';

export type Storefront = { identity: ShopIdentity; settings: PaymentSettings; categories: Category[] };

export const storefront = cache(async (): Promise<Storefront> => {
  const [identity, settings, menu] = await database().batch([
    identityQuery(),
    settingsQuery(),
    shopCategoriesQuery(),
  ]);
  return { identity: identityOf(identity), settings: settingsOf(settings), categories: menu };
});
