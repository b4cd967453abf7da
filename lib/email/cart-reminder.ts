/**
 * The abandoned-checkout reminder (outbox kind `cart_reminder`, key `draft:<id>:reminder:<n>`,
 * no order): the saved cart's lines with their photos at today's prices (a payment link's title
 * at its amount now, a session's lines as saved; each with its product's photo where it names
 * one), the total, the step's coupon where that checkout takes one, the button
 * "Finalizar minha compra" (a signed restore link, draft-links.ts) and "Não quero receber
 * lembretes" (one click). Rendered at send time from the draft as it is then: a draft converted,
 * deleted or all sold out since, or an address that opted out, is not sent.
 */
import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { db } from '@/db';
import { abandonedCheckoutSettings, checkoutDrafts, emailOptOuts, paymentLinks, productVariants, products } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { env } from '@/lib/config/env';
import { itemsOfProducts } from '@/lib/catalog';
import { couponByCode } from '@/lib/coupons/coupons';
import { checkCoupon } from '@/lib/coupons/rules';
import { priceCart } from '@/lib/orders/pricing';
import { getShopIdentity } from '@/lib/shop';
import { draftLinkToken, restorePath, unsubscribePath } from './draft-links';
import { cartReminderEmail, type CartReminderLine, type CartReminderPath } from './templates/cart-reminder';
import type { RenderedEmail } from './templates/types';

export type CartReminderEmail = { shopName: string; rendered: RenderedEmail } | { skip: string };

const KEY = /^draft:([^:]+):reminder:([1-3])$/;

/** The coupon the merchant attached to step 2 or 3, if any. */
export async function stepCoupon(step: number): Promise<string | null> {
  const [s] = await db().select().from(abandonedCheckoutSettings).where(eq(abandonedCheckoutSettings.id, 1));
  if (!s) return null;
  return step === 2 ? s.step2Coupon : step === 3 ? s.step3Coupon : null;
}

export async function loadCartReminderEmail(row: { dedupeKey: string; recipient: string }): Promise<CartReminderEmail> {
  const m = KEY.exec(row.dedupeKey);
  if (!m) return { skip: 'Não enviado: lembrete desconhecido' };
  const [draft] = await db().select().from(checkoutDrafts).where(eq(checkoutDrafts.id, m[1]));
  if (!draft) return { skip: 'Não enviado: o carrinho não existe mais' };
  if (draft.status !== 'open') return { skip: 'Não enviado: a compra já foi finalizada' };
  const [opted] = await db().select().from(emailOptOuts).where(eq(emailOptOuts.email, row.recipient));
  if (opted) return { skip: 'Não enviado: o endereço pediu para não receber lembretes' };
  const { appUrl, authSecret } = env();
  const shown = await shownLines(draft, appUrl);
  if (!shown) return { skip: 'Não enviado: os produtos esgotaram' };
  const step = Number(m[2]);
  const code = shown.takesCoupons ? await stepCoupon(step) : null;
  const coupon = code && (await couponStillApplies(code, shown.totalCents)) ? code : null;
  const shopName = (await getShopIdentity()).name;
  const rendered = cartReminderEmail({
    shopName,
    path: pathOf(draft.source),
    ...(shown.linkTitle ? { linkTitle: shown.linkTitle } : {}),
    lines: shown.lines,
    totalCents: shown.totalCents,
    coupon,
    restoreUrl: `${appUrl}${restorePath(draftLinkToken('restore', { id: draft.id, nonce: draft.restoreNonce, step }, authSecret))}`,
    unsubscribeUrl: `${appUrl}${unsubscribePath(draftLinkToken('unsubscribe', { id: draft.id, nonce: 0, step: 0 }, authSecret))}`,
  });
  return { shopName, rendered };
}

/**
 * Whether the step's coupon would still apply to this purchase today: the e-mail promises it
 * "já vem aplicado", so a coupon switched off, outside its days, used up or above this total
 * since the merchant chose it is left out. The checkout's own rule (checkCoupon); the per-CPF
 * rule needs the document, which a draft never keeps.
 */
async function couponStillApplies(code: string, itemsCents: number): Promise<boolean> {
  return checkCoupon(await couponByCode(code), { itemsCents, today: saoPauloDate() }).ok;
}

const pathOf = (source: string): CartReminderPath => (source === 'link' || source === 'session' ? source : 'cart');

/** A photo as an e-mail needs it: an absolute address. */
const absolute = (appUrl: string, src: string) => (/^https?:/.test(src) ? src : `${appUrl}${src.startsWith('/') ? '' : '/'}${src}`);

/** A draft's line as lib/checkout/drafts keeps it (that folder sits above this one). */
type SavedLine = { productId: number | null; variantId?: number; quantity: number; unitCents: number; name: string };

function savedLines(json: string): SavedLine[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v as SavedLine[]) : [];
  } catch {
    return [];
  }
}

type Shown = { lines: CartReminderLine[]; totalCents: number; linkTitle?: string; takesCoupons: boolean };

/**
 * The lines the e-mail lists, or null when nothing can be bought: a cart's at today's catalog
 * prices; a payment link's one line with its title and today's amount (the amount typed when the
 * buyer chooses it); an API session's lines as the store priced them (whether the link or session
 * still takes payments was checked when the reminder was due). Each with its product's photo
 * where it names one (a link that sells a variant, a session line of a catalog product).
 */
async function shownLines(draft: { source: string; sourceRef: string | null; lines: string; totalCents: number }, appUrl: string): Promise<Shown | null> {
  const saved = savedLines(draft.lines);
  if (draft.source === 'link') {
    const [link] = draft.sourceRef
      ? await db()
          .select({ title: paymentLinks.title, amountCents: paymentLinks.amountCents, allowCoupons: paymentLinks.allowCoupons, imagePath: products.imagePath })
          .from(paymentLinks)
          .leftJoin(productVariants, eq(productVariants.id, paymentLinks.variantId))
          .leftJoin(products, eq(products.id, productVariants.productId))
          .where(eq(paymentLinks.code, draft.sourceRef))
      : [];
    if (!link) return null;
    const cents = link.amountCents ?? saved[0]?.unitCents ?? 0;
    const line: CartReminderLine = { name: link.title, quantity: 1, lineTotalCents: cents, ...(link.imagePath ? { imageUrl: absolute(appUrl, link.imagePath) } : {}) };
    return { lines: [line], totalCents: cents, linkTitle: link.title, takesCoupons: link.allowCoupons };
  }
  if (draft.source === 'session') {
    if (saved.length === 0) return null;
    const photos = await productPhotos(saved.map((l) => l.productId));
    const lines = saved.map((l): CartReminderLine => {
      const src = l.productId !== null ? photos.get(l.productId) : undefined;
      return { name: l.name, quantity: l.quantity, lineTotalCents: l.unitCents * l.quantity, ...(src ? { imageUrl: absolute(appUrl, src) } : {}) };
    });
    // A session's lines and amount were fixed by the store that created it: no coupon there.
    return { lines, totalCents: draft.totalCents, takesCoupons: false };
  }
  const items = saved.filter((l): l is SavedLine & { productId: number } => l.productId !== null);
  const cart = priceCart(items, await itemsOfProducts(items.map((l) => l.productId)));
  if (!cart.lines.some((l) => l.problem !== 'Esgotado.')) return null;
  return {
    lines: cart.lines.map((l) => ({
      name: l.product.name,
      quantity: l.quantity,
      lineTotalCents: l.lineTotalCents,
      imageUrl: absolute(appUrl, l.product.imagePath),
      ...(l.problem ? { problem: l.problem } : {}),
    })),
    totalCents: cart.subtotalCents,
    takesCoupons: true,
  };
}

/** The photo of each catalog product named (a session's lines may name products no longer on sale: they keep their photo). */
async function productPhotos(ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db().select({ id: products.id, imagePath: products.imagePath }).from(products).where(inArray(products.id, wanted));
  return new Map(rows.filter((r) => r.imagePath).map((r) => [r.id, r.imagePath]));
}
