'use server';
/**
 * Coupons' server actions, through the one envelope (lib/auth/merchant-action.ts: session,
 * permission `coupons:edit`, parsing, outcome), each calling one use-case in lib/coupons.
 */
import { couponFormValues, parseCouponForm } from '@/lib/coupons/coupon-form';
import { createCoupon, setCouponEnabled } from '@/lib/coupons/coupons';
import { createDiscountAction, switchDiscountAction } from '../discount-action-helpers';

export const createCouponAction = createDiscountAction({
  name: 'create-coupon',
  parse: parseCouponForm,
  values: couponFormValues,
  path: '/dashboard/cupons',
  create: async (coupon, merchant) => {
    const r = await createCoupon(coupon, merchant);
    return r.ok ? { ok: true, message: `Cupom ${r.coupon.code} criado.` } : r;
  },
});

export const toggleCouponAction = switchDiscountAction({
  name: 'toggle-coupon',
  idField: 'couponId',
  flagField: 'enable',
  path: '/dashboard/cupons',
  notFound: 'Cupom não encontrado.',
  set: setCouponEnabled,
  message: (coupon, enable) => (enable ? `Cupom ${coupon.code} ativado.` : `Cupom ${coupon.code} desativado: não vale mais em novos pedidos.`),
});
