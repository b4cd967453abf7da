'use server';
/**
 * Coupons' server actions, through the one envelope (lib/auth/merchant-action.ts: session,
 * permission `coupons:edit`, parsing, outcome), each calling one use-case in lib/coupons.
 */
import { revalidatePath } from 'next/cache';
import { done, refused, UNEXPECTED } from '@/lib/auth/action-state';
import { merchantAction } from '@/lib/auth/merchant-action';
import { couponFormValues, parseCouponForm } from '@/lib/coupons/coupon-form';
import { createCoupon, setCouponEnabled } from '@/lib/coupons/coupons';

export const createCouponAction = merchantAction(
  {
    name: 'create-coupon',
    permission: 'coupons:edit',
    parse: parseCouponForm,
    onError: (_error, form) => refused(UNEXPECTED, undefined, couponFormValues(form)),
  },
  async (coupon, { merchant, form }) => {
    const r = await createCoupon(coupon, merchant);
    if (!r.ok) return refused(r.error, { [r.field]: r.error }, couponFormValues(form));
    revalidatePath('/dashboard/cupons');
    return done(`Cupom ${r.coupon.code} criado.`);
  },
);

export const toggleCouponAction = merchantAction({ name: 'toggle-coupon', permission: 'coupons:edit' }, async (form: FormData, { merchant }) => {
  const id = String(form.get('couponId') ?? '').trim();
  const enable = form.get('enable') === '1';
  const coupon = await setCouponEnabled(id, enable, merchant);
  if (!coupon) return refused('Cupom não encontrado.');
  revalidatePath('/dashboard/cupons');
  return done(enable ? `Cupom ${coupon.code} ativado.` : `Cupom ${coupon.code} desativado: não vale mais em novos pedidos.`);
});
