/**
 * A coupon's rules, pure: whether it applies to an order of `itemsCents` today, and what the
 * buyer reads when it does not. What it takes off is lib/orders/pricing.ts's
 * couponDiscountCents (the items only, never shipping; before the Pix discount).
 */
import { formatBRL } from '@balcao/br/money';
import type { Coupon } from '@/db/schema';

/** The longest code a merchant may create and a buyer may type. */
export const COUPON_CODE_MAX = 40;

export type CouponRefusal = 'invalid' | 'not_started' | 'expired' | 'sold_out' | 'minimum' | 'used_by_document' | 'not_here';

export type CouponCheck = { ok: true; coupon: Coupon } | { ok: false; reason: CouponRefusal; message: string };

/** The code as stored and compared: trimmed, upper case (so "verao10" is "VERAO10"). */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

const dateBR = (iso: string) => iso.split('-').reverse().join('/');

export function couponMessage(reason: CouponRefusal, coupon?: Pick<Coupon, 'minSubtotalCents' | 'startsOn'>): string {
  switch (reason) {
    case 'invalid':
      return 'Cupom inválido';
    case 'not_started':
      return coupon?.startsOn ? `Cupom válido a partir de ${dateBR(coupon.startsOn)}` : 'Cupom inválido';
    case 'expired':
      return 'Cupom expirado';
    case 'sold_out':
      return 'Cupom esgotado';
    case 'minimum':
      return `Pedido mínimo ${formatBRL(coupon?.minSubtotalCents ?? 0)}`;
    case 'used_by_document':
      // The words of an unknown code: a different answer would tell whether this CPF used it.
      return 'Cupom inválido';
    case 'not_here':
      return 'Este pagamento não aceita cupom';
  }
}

function refuse(reason: CouponRefusal, coupon?: Coupon): CouponCheck {
  return { ok: false, reason, message: couponMessage(reason, coupon) };
}

/**
 * Whether `coupon` (undefined: no such code) applies to items worth `itemsCents` on `today`
 * (São Paulo's YYYY-MM-DD). The per-document rule needs the database: see claim.ts.
 */
export function checkCoupon(coupon: Coupon | undefined, o: { itemsCents: number; today: string }): CouponCheck {
  if (!coupon || coupon.disabledAt) return refuse('invalid');
  if (coupon.startsOn && o.today < coupon.startsOn) return refuse('not_started', coupon);
  if (coupon.endsOn && o.today > coupon.endsOn) return refuse('expired', coupon);
  if (coupon.maxUses !== null && coupon.usesCount >= coupon.maxUses) return refuse('sold_out', coupon);
  if (o.itemsCents < coupon.minSubtotalCents) return refuse('minimum', coupon);
  return { ok: true, coupon };
}
