/** /pagar/<code>'s use-case against a real SQLite file and the real placeOrder (in-memory provider). */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { type FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { RATE_LIMITED_MESSAGE } from './submit-checkout';
import type { NewLink } from '@/lib/links/link-form';
import { createLink } from '@/lib/links/links';
import { REFUSAL_MESSAGES } from '@/lib/links/place';
import { payLink } from './pay-link';
import { formData as form } from '@/test/form-data';

let fake: FakePaymentProvider;
const base: NewLink = { title: 'Bolo de cenoura', description: null, amountCents: 15000, minAmountCents: null, methods: 'both', pixDiscount: true, expiresOn: null, maxPayments: null };

withFakeProvider((f) => (fake = f), { clearOrders: false });

const pixForm = (over: Record<string, string> = {}) => form({ checkoutKey: randomUUID(), method: 'pix', name: 'Ana Souza', document: '529.982.247-25', email: 'ana@exemplo.com.br', ...over });

async function orderOf(token: string) {
  return (await database().db.select().from(orders).where(eq(orders.token, token)))[0];
}

describe('payLink', () => {
  it("charges a fixed-price link's price, whatever amount the page posts", async () => {
    const link = await createLink(base, 'demo@balcao.dev');
    const r = await payLink(link.code, pixForm({ amount: '1,00', totalCents: '100' }), { ip: '10.0.0.1' });
    expect(r.ok).toBe(true);
    if (r.ok) expect(await orderOf(r.orderToken)).toMatchObject({ totalCents: 15000, paymentLinkId: link.id });
  });

  it('refuses a chosen amount below the minimum next to the field, keeping what was typed, with a fresh key', async () => {
    const link = await createLink({ ...base, amountCents: null, minAmountCents: 2000 }, 'demo@balcao.dev');
    const f = pixForm({ amount: '19,99' });
    const r = await payLink(link.code, f, { ip: '10.0.0.1' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({ amount: 'O valor mínimo é R$ 20,00.' });
    expect(r.error).toBe('O valor mínimo é R$ 20,00.');
    expect(r.values).toMatchObject({ amount: '19,99', name: 'Ana Souza', document: '529.982.247-25' });
    expect(r.values.checkoutKey).not.toBe(f.get('checkoutKey'));
    expect(fake.count('createPix')).toBe(0);

    const junk = await payLink(link.code, pixForm({ amount: 'vinte', name: '' }), { ip: '10.0.0.1' });
    expect(!junk.ok && junk.fieldErrors).toMatchObject({ amount: 'Use um valor em reais, como 150,00.', name: 'Informe seu nome completo.' });

    const ok = await payLink(link.code, pixForm({ amount: 'R$ 1.250,50' }), { ip: '10.0.0.1' });
    expect(ok.ok).toBe(true);
    if (ok.ok) expect((await orderOf(ok.orderToken)).totalCents).toBe(125050);
  });

  it('refuses a second buyer of a one-off link in plain words, and an unknown code', async () => {
    const link = await createLink({ ...base, maxPayments: 1 }, 'demo@balcao.dev');
    expect((await payLink(link.code, pixForm(), { ip: '10.0.0.1' })).ok).toBe(true);
    const second = await payLink(link.code, pixForm(), { ip: '10.0.0.2' });
    expect(second).toMatchObject({ ok: false, error: REFUSAL_MESSAGES.sold_out, fieldErrors: {} });
    expect(await payLink('AAAAAAAAAAAA', pixForm(), { ip: '10.0.0.1' })).toMatchObject({ ok: false, error: REFUSAL_MESSAGES.not_found });
  });

  it('is rate-limited per client like the checkout', async () => {
    const link = await createLink(base, 'demo@balcao.dev');
    let last;
    for (let i = 0; i < 31; i++) last = await payLink(link.code, pixForm({ name: '' }), { ip: '10.9.9.9' });
    expect(last).toMatchObject({ ok: false, error: RATE_LIMITED_MESSAGE });
    expect((await payLink(link.code, pixForm(), { ip: '10.9.9.8' })).ok).toBe(true);
  });
});

describe('payLink with a coupon', () => {
  it('"Aplicar" prices the coupon on a link that takes coupons; the final submit stores it', async () => {
    const { createCoupon } = await import('@/lib/coupons/coupons');
    await createCoupon({ code: 'LINK20', kind: 'fixed', value: 2000, minSubtotalCents: 0, startsOn: null, endsOn: null, maxUses: null, onePerDocument: false }, 'dono@example.com');
    const link = await createLink({ ...base, pixDiscount: false, allowCoupons: true }, 'demo@balcao.dev');
    const applied = await payLink(link.code, pixForm({ coupon: 'link20', intent: 'apply-coupon' }), { ip: '10.2.0.1' });
    expect(applied).toMatchObject({ ok: false, error: '', coupon: { code: 'LINK20', discountCents: 2000, pix: { totalCents: 13000, couponDiscountCents: 2000 }, boleto: { totalCents: 13000 } } });
    const paid = await payLink(link.code, pixForm({ coupon: 'link20' }), { ip: '10.2.0.2' });
    expect(paid.ok).toBe(true);
    if (paid.ok) expect(await orderOf(paid.orderToken)).toMatchObject({ couponCode: 'LINK20', couponDiscountCents: 2000, totalCents: 13000 });
  });

  it('a link without "Aceita cupom" refuses one, next to the field', async () => {
    const link = await createLink(base, 'demo@balcao.dev');
    const r = await payLink(link.code, pixForm({ coupon: 'LINK20', intent: 'apply-coupon' }), { ip: '10.2.0.3' });
    expect(r).toMatchObject({ ok: false, fieldErrors: { coupon: 'Este pagamento não aceita cupom' } });
    const paid = await payLink(link.code, pixForm({ coupon: 'LINK20' }), { ip: '10.2.0.4' });
    expect(paid).toMatchObject({ ok: false, fieldErrors: { coupon: 'Este pagamento não aceita cupom' } });
  });
});
