/**
 * "Finalizar minha compra": the reminder's signed link brings the draft back on any device.
 * The token names one draft and the restore nonce it was made with (lib/email/draft-links.ts);
 * using it bumps the nonce (one use), moves the draft to the opening browser's draft cookie and sets
 * the step's coupon. Prices and stock are read again by the checkout page (changes are said
 * there); sold-out lines leave the cart.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { database, db } from '@/db';
import { run } from '@/db/driver';
import { checkoutDrafts, emailOptOuts } from '@/db/schema';
import { itemsOfProducts } from '@/lib/catalog';
import { priceCart, type ItemLine } from '@/lib/orders/pricing';
import { readDraftLinkToken, stepCoupon } from '@/lib/email';
import { sha256Hex } from '@/lib/security';
import { formatBRL } from '@balcao/br/money';
import { cartLines, parseLines, type DraftLine } from './drafts';
import { isExpired } from './reminders';

export type RestoreFailure = 'invalid' | 'used' | 'expired' | 'converted';
export const RESTORE_FAILURE_MESSAGES: Record<RestoreFailure, string> = {
  invalid: 'Este link de retomada não é válido. Confira se ele foi copiado inteiro.',
  used: 'Este link já foi usado. Abra a loja para continuar a compra.',
  expired: 'Este link expirou: o carrinho salvo não existe mais.',
  converted: 'Esta compra já foi finalizada.',
};

export type RestoreResult = { ok: true; lines: ItemLine[]; source: string; sourceRef: string | null } | { ok: false; reason: RestoreFailure };

/**
 * Whether a restore link would work now, spending nothing: the link's page asks this on a GET
 * (a mail scanner or a link preview fetches every link of an e-mail), only its button's POST
 * spends the link (restoreDraft).
 */
export async function previewRestore(token: string, secret: string, now: number): Promise<{ ok: true } | { ok: false; reason: RestoreFailure }> {
  const checked = await checkRestore(token, secret, now);
  return checked.ok ? { ok: true } : checked;
}

async function checkRestore(token: string, secret: string, now: number) {
  const t = readDraftLinkToken('restore', token, secret);
  if (!t) return { ok: false as const, reason: 'invalid' as const };
  const [d] = await db().select().from(checkoutDrafts).where(eq(checkoutDrafts.id, t.id));
  if (!d) return { ok: false as const, reason: 'expired' as const };
  if (d.status === 'converted') return { ok: false as const, reason: 'converted' as const };
  if (isExpired(d, now)) return { ok: false as const, reason: 'expired' as const };
  if (d.restoreNonce !== t.nonce) return { ok: false as const, reason: 'used' as const };
  return { ok: true as const, t, d };
}

export async function restoreDraft(token: string, newCookieToken: string, secret: string, now: number): Promise<RestoreResult> {
  const checked = await checkRestore(token, secret, now);
  if (!checked.ok) return checked;
  const { t, d } = checked;
  const coupon = await stepCoupon(t.step);
  const moved = await database().transaction(function* (tx) {
    return yield* run(
      tx
        .update(checkoutDrafts)
        .set({ restoreNonce: d.restoreNonce + 1, cookieHash: sha256Hex(newCookieToken), ...(coupon ? { coupon } : {}) })
        .where(and(eq(checkoutDrafts.id, d.id), eq(checkoutDrafts.restoreNonce, t.nonce), eq(checkoutDrafts.status, 'open'))),
    );
  });
  if (!moved) return { ok: false, reason: 'used' };
  // A payment link's or a session's checkout is priced again by its own page (the link's or the
  // session's amount now); only the cart's lines go back into the cart.
  if (d.source !== 'cart') return { ok: true, lines: [], source: d.source, sourceRef: d.sourceRef };
  const saved = cartLines(parseLines(d.lines));
  const catalog = await itemsOfProducts(saved.map((l) => l.productId));
  const priced = priceCart(saved, catalog);
  // Only what can still be bought goes back into the cart; the page says what changed.
  const lines = priced.lines
    .filter((l) => l.problem !== 'Esgotado.')
    .map((l) => ({ productId: l.product.id, ...(l.product.variantId !== undefined && saved.some((s) => s.variantId === l.product.variantId) ? { variantId: l.product.variantId } : {}), quantity: l.quantity }));
  return { ok: true, lines, source: d.source, sourceRef: d.sourceRef };
}

/** The checkout a draft was left on, which its restore link reopens: the cart's, the payment link's or the API session's. */
export function checkoutPathOf(source: string, ref: string | null): string {
  if (source === 'link' && ref) return `/pagar/${encodeURIComponent(ref)}`;
  if (source === 'session' && ref) return `/c/${encodeURIComponent(ref)}`;
  return '/checkout';
}

/** What changed since the draft was saved, as the checkout says it (pt-BR). */
export function draftChanges(saved: DraftLine[], current: { productId: number; variantId?: number; name: string; priceCents: number; quantity: number }[]): string[] {
  const out: string[] = [];
  for (const s of saved) {
    const now = current.find((c) => c.productId === s.productId && (s.variantId === undefined || c.variantId === s.variantId));
    if (!now) out.push(`${s.name} esgotou ou saiu de venda e não está mais no carrinho.`);
    else if (now.priceCents !== s.unitCents) out.push(`O preço de ${now.name} mudou: era ${formatBRL(s.unitCents)}, agora é ${formatBRL(now.priceCents)}.`);
  }
  return out;
}

/** "Não quero receber lembretes": the draft's e-mail never gets another reminder. One click, no sign-in. */
export async function unsubscribeByToken(token: string, secret: string): Promise<boolean> {
  const t = readDraftLinkToken('unsubscribe', token, secret);
  if (!t) return false;
  const [d] = await db().select({ email: checkoutDrafts.email }).from(checkoutDrafts).where(eq(checkoutDrafts.id, t.id));
  // A draft deleted since still unsubscribes nobody: the address is unknown (the link was valid, so say it worked).
  if (!d?.email) return true;
  const email = d.email;
  await database().transaction(function* (tx) {
    yield* run(tx.insert(emailOptOuts).values({ email }).onConflictDoNothing());
  });
  return true;
}
