import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { database, db, ensureMigrated } from '@/db';
import { inArray } from 'drizzle-orm';
import { orders, products } from '@/db/schema';
import { seed } from '@/db/seed';
import type { OrderInput, PlaceOrderResult } from '@/lib/checkout/place-order';
import { startProcessContext } from '@/lib/process/context';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { formData as form } from '@/test/form-data';

const jar = vi.hoisted(() => ({ value: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (name === 'balcao_cart' && jar.value !== undefined ? { name, value: jar.value } : undefined),
    set: vi.fn(),
    delete: vi.fn(),
  }),
  headers: async () => new Headers(),
}));

const placeOrder = vi.hoisted(() => vi.fn<(input: OrderInput, opts?: unknown) => Promise<PlaceOrderResult>>());
vi.mock('@/lib/checkout/place-order', () => ({ placeOrder }));

const { submitCheckout, RATE_LIMITED_MESSAGE, UNEXPECTED_MESSAGE, mapFieldErrors } = await import('./submit-checkout');

const DELIVERY = { zip: '01310-100', street: 'Avenida Paulista', number: '1000', complement: '', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const pixForm = (over: Record<string, string> = {}) =>
  form({ checkoutKey: randomUUID(), method: 'pix', name: 'Ana Souza', document: '529.982.247-25', email: 'ana@exemplo.com.br', ...DELIVERY, ...over });

beforeAll(async () => {
  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
});

beforeEach(() => {
  startProcessContext();
  placeOrder.mockReset();
  placeOrder.mockResolvedValue({ ok: true, orderToken: 'token-from-place-order-000' });
  jar.value = '1x2.3x1'; // café 2 × 39,90 + coador 24,90
});

describe('submitCheckout', () => {
  it('sends the cart from the cookie (never the form) and the cleaned buyer to placeOrder', async () => {
    const f = pixForm({ items: '[{"productId":1,"quantity":1,"priceCents":1}]', totalCents: '1' });
    const key = f.get('checkoutKey');
    const r = await submitCheckout(f, { ip: '10.0.0.1' });
    expect(r).toEqual({ ok: true, orderToken: 'token-from-place-order-000' });
    expect(placeOrder).toHaveBeenCalledTimes(1);
    expect(placeOrder.mock.calls[0][0]).toEqual({
      checkoutKey: key,
      method: 'pix',
      items: [
        { productId: 1, quantity: 2 },
        { productId: 3, quantity: 1 },
      ],
      buyer: { name: 'Ana Souza', document: '52998224725', email: 'ana@exemplo.com.br' },
      shipping: 'delivery',
      delivery: { zip: '01310100', street: 'Avenida Paulista', number: '1000', complement: '', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    });
  });

  it('passes "Observações para a loja" to placeOrder, cleaned', async () => {
    await submitCheckout(pixForm({ note: '  Embrulhar para presente \r\n' }), { ip: '10.0.0.1' });
    expect(placeOrder.mock.calls[0][0]).toMatchObject({ note: 'Embrulhar para presente' });
  });

  it('asks for "Celular (WhatsApp)" as the shop says: optional by default, required when the setting is on', async () => {
    const withPhone = await submitCheckout(pixForm({ phone: '+55 (11) 98765-4321' }), { ip: '10.0.0.2' });
    expect(withPhone).toEqual({ ok: true, orderToken: 'token-from-place-order-000' });
    expect(placeOrder.mock.calls[0][0].buyer).toEqual({ name: 'Ana Souza', document: '52998224725', email: 'ana@exemplo.com.br', phone: '11987654321' });

    await updateSettings({ ...DEFAULT_SETTINGS, requireBuyerPhone: true });
    try {
      const missing = await submitCheckout(pixForm(), { ip: '10.0.0.2' });
      expect(missing).toMatchObject({ ok: false, error: 'Confira os campos destacados.', fieldErrors: { phone: 'Informe o celular (WhatsApp).' }, values: { name: 'Ana Souza' } });
      expect(placeOrder).toHaveBeenCalledTimes(1);
    } finally {
      await updateSettings({ ...DEFAULT_SETTINGS });
    }
  });

  it('asks for the delivery address when something in the cart ships, and not when nothing does', async () => {
    const bare = { zip: '', street: '', number: '', neighborhood: '', city: '', state: '' };
    const r = await submitCheckout(pixForm(bare), { ip: '10.0.0.9' });
    expect(r).toMatchObject({ ok: false, fieldErrors: { zip: 'Informe o CEP.', street: 'Informe a rua.', state: 'Escolha a UF.' } });
    expect(placeOrder).not.toHaveBeenCalled();

    await db().update(products).set({ requiresShipping: false }).where(inArray(products.id, [1, 3]));
    try {
      const ok = await submitCheckout(pixForm(bare), { ip: '10.0.0.9' });
      expect(ok).toEqual({ ok: true, orderToken: 'token-from-place-order-000' });
      expect(placeOrder.mock.calls[0][0].delivery).toBeUndefined();
    } finally {
      await db().update(products).set({ requiresShipping: true }).where(inArray(products.id, [1, 3]));
    }
  });

  it('hands the shopper\'s "Origem" (read from its cookie by the action) to placeOrder beside the order', async () => {
    await submitCheckout(pixForm(), { ip: '10.0.0.12', origin: { source: 'instagram', campaign: 'black-friday' } });
    expect(placeOrder.mock.calls[0][1]).toMatchObject({ origin: { source: 'instagram', campaign: 'black-friday' } });
    // The place-order context it read with the cart (catalog rows, settings, what placing reads
    // before pricing for this key), so placeOrder does not read them again.
    const { context } = placeOrder.mock.calls[0][1] as { context: { catalog: { id: number }[]; settings: { requireBuyerPhone: boolean }; before: { checkoutKey: string } } };
    expect(context.catalog.map((c) => c.id).sort()).toEqual([1, 3]); // the cookie's café and coador
    expect(context.settings).toMatchObject({ requireBuyerPhone: expect.any(Boolean) });
    expect(context.before.checkoutKey).toBe(placeOrder.mock.calls[0][0].checkoutKey);
  });

  it('drops tampered cookie lines (unknown product, price field, huge quantity)', async () => {
    jar.value = '999x1.1x1x1.2x5000.4x1';
    await submitCheckout(pixForm(), { ip: '10.0.0.2' });
    expect(placeOrder.mock.calls[0][0].items).toEqual([{ productId: 4, quantity: 1 }]);
  });

  it('refuses a garbage cookie as an empty cart without calling placeOrder', async () => {
    jar.value = '%7B%22hack%22%3Atrue%7D';
    const r = await submitCheckout(pixForm(), { ip: '10.0.0.3' });
    expect(r).toMatchObject({ ok: false, error: 'Seu carrinho está vazio.', fieldErrors: { items: 'Seu carrinho está vazio.' } });
    expect(placeOrder).not.toHaveBeenCalled();
  });

  it('refuses a cart below R$ 5,00 before the API would', async () => {
    jar.value = '8x1'; // adesivo R$ 3,50
    const r = await submitCheckout(pixForm(), { ip: '10.0.0.4' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('R$ 5,00');
    expect(placeOrder).not.toHaveBeenCalled();
  });

  it('finds the order of a late duplicate submit after the cart was cleared', async () => {
    const checkoutKey = randomUUID();
    await db().insert(orders).values({
      id: randomUUID(),
      token: 'existing-order-token-1234567890',
      checkoutKey,
      method: 'pix',
      totalCents: 1000,
      buyerName: 'Ana Souza',
      buyerDocument: '52998224725',
      buyerEmail: 'ana@exemplo.com.br',
    });
    jar.value = undefined;
    const r = await submitCheckout(pixForm({ checkoutKey }), { ip: '10.0.0.5' });
    expect(r).toEqual({ ok: true, orderToken: 'existing-order-token-1234567890' });
    expect(placeOrder).not.toHaveBeenCalled();
  });

  it('returns field errors with the values kept, without calling placeOrder', async () => {
    const f = pixForm({ document: '111.111.111-11', email: 'ana@' });
    const r = await submitCheckout(f, { ip: '10.0.0.6' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBe('Confira os campos destacados.');
    expect(r.fieldErrors.document).toBe('CPF ou CNPJ inválido: confira os dígitos.');
    expect(r.fieldErrors.email).toMatch(/E-mail inválido/);
    expect(r.values).toMatchObject({ name: 'Ana Souza', document: '111.111.111-11', email: 'ana@', checkoutKey: f.get('checkoutKey') });
    expect(placeOrder).not.toHaveBeenCalled();
  });

  it('gives a fresh key when the form key is missing or forged', async () => {
    const r = await submitCheckout(pixForm({ checkoutKey: 'forged' }), { ip: '10.0.0.7' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatch(/formulário expirou/);
      expect(r.values.checkoutKey).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('maps placeOrder field errors to the fields, with a new key for the corrected attempt', async () => {
    placeOrder.mockResolvedValue({ ok: false, error: 'Confira os campos destacados.', fieldErrors: { document: 'Documento recusado pelo banco.' } });
    const f = pixForm();
    const r = await submitCheckout(f, { ip: '10.0.0.8' });
    expect(r).toMatchObject({ ok: false, error: 'Confira os campos destacados.', fieldErrors: { document: 'Documento recusado pelo banco.' } });
    if (!r.ok) expect(r.values.checkoutKey).not.toBe(f.get('checkoutKey'));
  });

  it('keeps the key when the provider did not answer, so the retry resumes the same order', async () => {
    placeOrder.mockResolvedValue({ ok: false, error: 'O serviço de pagamentos não respondeu. Tente novamente.' });
    const f = pixForm();
    const r = await submitCheckout(f, { ip: '10.0.0.9' });
    expect(r).toMatchObject({ ok: false, error: 'O serviço de pagamentos não respondeu. Tente novamente.', fieldErrors: {} });
    if (!r.ok) expect(r.values.checkoutKey).toBe(f.get('checkoutKey'));
  });

  it('never throws: an unexpected error becomes a message and the values are kept', async () => {
    placeOrder.mockRejectedValue(new Error('database is locked'));
    const r = await submitCheckout(pixForm(), { ip: '10.0.0.10' });
    expect(r).toMatchObject({ ok: false, error: UNEXPECTED_MESSAGE, values: { name: 'Ana Souza' } });
  });

  it('rate-limits per IP with a clear message', async () => {
    let last;
    for (let i = 0; i < 31; i++) last = await submitCheckout(pixForm({ document: '1' }), { ip: '10.9.9.9' });
    expect(last).toMatchObject({ ok: false, error: RATE_LIMITED_MESSAGE });
    expect(RATE_LIMITED_MESSAGE).toBe('Muitas tentativas. Aguarde um minuto e tente de novo.');
    const other = await submitCheckout(pixForm(), { ip: '10.9.9.8' });
    expect(other.ok).toBe(true);
  });
});

describe('mapFieldErrors', () => {
  it('keeps the form fields and turns other keys into the general message', () => {
    expect(mapFieldErrors({ zip: 'CEP recusado.', 'payer.customer_code': 'x' })).toEqual({ fieldErrors: { zip: 'CEP recusado.' }, other: ['x'] });
    expect(mapFieldErrors(undefined)).toEqual({ fieldErrors: {}, other: [] });
  });
});

describe('submitCheckout: "Aplicar" (intent=apply-coupon)', () => {
  it('prices the coupon on the cart, places nothing and gives back every typed value', async () => {
    const { createCoupon } = await import('@/lib/coupons/coupons');
    await createCoupon({ code: 'CAFE10', kind: 'percent', value: 1000, minSubtotalCents: 0, startsOn: null, endsOn: null, maxUses: null, onePerDocument: false }, 'dono@example.com');
    const f = pixForm({ coupon: ' cafe10 ', intent: 'apply-coupon' });
    const r = await submitCheckout(f, { ip: '10.0.1.1' });
    expect(placeOrder).not.toHaveBeenCalled();
    // 2 × 39,90 + 24,90 = 104,70; 10 % → 94,23 (10,47 off); no Pix discount in this shop.
    expect(r).toMatchObject({
      ok: false,
      error: '',
      fieldErrors: {},
      values: { checkoutKey: f.get('checkoutKey'), name: 'Ana Souza', street: 'Avenida Paulista', coupon: 'CAFE10' },
      coupon: { code: 'CAFE10', discountCents: 1047, pix: { totalCents: 9423, couponDiscountCents: 1047 }, boleto: { totalCents: 9423 } },
    });
  });

  it('says why a code does not apply, next to its field', async () => {
    const r = await submitCheckout(pixForm({ coupon: 'NADA', intent: 'apply-coupon' }), { ip: '10.0.1.2' });
    expect(r).toMatchObject({ ok: false, error: '', fieldErrors: { coupon: 'Cupom inválido' } });
    expect(placeOrder).not.toHaveBeenCalled();
  });

  it('hands the typed coupon to placeOrder at the final submit (priced there again)', async () => {
    await submitCheckout(pixForm({ coupon: 'cafe10' }), { ip: '10.0.1.3' });
    expect(placeOrder.mock.calls[0][0]).toMatchObject({ coupon: 'CAFE10' });
  });
});
