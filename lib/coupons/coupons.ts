/**
 * Coupons: create, enable/disable, list (the dashboard's "Cupons"), and the checkout's preview
 * behind "Aplicar". The preview only reads: the use is counted by claimCoupon (claim.ts) in the
 * transaction that writes the order, where every rule is checked again.
 */
import 'server-only';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { db } from '@/db';
import { coupons, type Coupon } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { newId, recordActivity } from '@/lib/security';
import { logger } from '@/lib/server/log';
import { couponDiscountCents } from '@/lib/orders/pricing';
import type { NewCoupon } from './coupon-form';
import { checkCoupon, normalizeCouponCode, type CouponCheck } from './rules';

export const CODE_TAKEN_MESSAGE = 'Já existe um cupom com este código.';

function isCodeCollision(error: unknown): boolean {
  const text = `${(error as { message?: string })?.message ?? ''} ${String((error as { cause?: unknown })?.cause ?? '')}`;
  return /UNIQUE constraint failed: coupons\.code/.test(text);
}

/** Who acts: an e-mail (tests, scripts) or the signed-in person, whose act goes to the activity log. */
type Actor = string | { id: number; email: string };
const emailOf = (actor: Actor) => (typeof actor === 'string' ? actor : actor.email);

async function logActivity(actor: Actor, summary: string, target: string): Promise<void> {
  if (typeof actor === 'string') return;
  await recordActivity({ actor, action: 'settings', summary, target });
}

export async function createCoupon(value: NewCoupon, actor: Actor): Promise<{ ok: true; coupon: Coupon } | { ok: false; field: 'code'; error: string }> {
  const row = { id: newId(), ...value, code: normalizeCouponCode(value.code), createdBy: emailOf(actor) };
  try {
    await db().insert(coupons).values(row);
  } catch (error) {
    if (isCodeCollision(error)) return { ok: false, field: 'code', error: CODE_TAKEN_MESSAGE };
    throw error;
  }
  logger().info({ couponId: row.id, actor: emailOf(actor) }, 'coupon created');
  await logActivity(actor, `Criou o cupom ${row.code}`, row.code);
  return { ok: true, coupon: (await couponById(row.id))! };
}

/** "Desativar" / "Ativar": an order being placed right now reads disabledAt in its own transaction. */
export async function setCouponEnabled(id: string, enabled: boolean, actor: Actor): Promise<Coupon | undefined> {
  const now = new Date().toISOString();
  const changed = await db()
    .update(coupons)
    .set({ disabledAt: enabled ? null : now, updatedAt: now })
    .where(and(eq(coupons.id, id), enabled ? isNotNull(coupons.disabledAt) : isNull(coupons.disabledAt)))
    .returning({ code: coupons.code });
  if (changed[0]) await logActivity(actor, `${enabled ? 'Ativou' : 'Desativou'} o cupom ${changed[0].code}`, changed[0].code);
  return couponById(id);
}

export async function couponById(id: string): Promise<Coupon | undefined> {
  const [row] = await db().select().from(coupons).where(eq(coupons.id, id));
  return row;
}

export async function couponByCode(code: string): Promise<Coupon | undefined> {
  const normalized = normalizeCouponCode(code);
  if (!normalized) return undefined;
  const [row] = await db().select().from(coupons).where(eq(coupons.code, normalized));
  return row;
}

export async function listCoupons(): Promise<Coupon[]> {
  return db().select().from(coupons).orderBy(desc(coupons.createdAt));
}

export type CouponPreview = (Extract<CouponCheck, { ok: false }>) | { ok: true; code: string; discountCents: number };

/**
 * What "Aplicar" shows: the coupon's discount on `itemsCents`, or why it does not apply. "Um por
 * CPF" is not asked here: whether a CPF has used a coupon is the buyer's data, so only the
 * order's transaction checks it (claim.ts), answering with the words of any refusal.
 */
export async function previewCoupon(code: string, o: { itemsCents: number; today?: string }): Promise<CouponPreview> {
  const coupon = await couponByCode(code);
  const check = checkCoupon(coupon, { itemsCents: o.itemsCents, today: o.today ?? saoPauloDate() });
  if (!check.ok) return check;
  return { ok: true, code: check.coupon.code, discountCents: couponDiscountCents(o.itemsCents, check.coupon) };
}
