/** placeOrder with Melhor Envio on (the embedded carrier sandbox): the carrier prices, the server quotes again on submit. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders, payments, products } from '@/db/schema';
import { DEFAULT_SHIPPING_RULES, type ShippingRules } from '@/lib/shipping/quote';
import { saveShippingRules } from '@/lib/shipping/settings';
import { DEFAULT_SERVICES, saveCarrierSettings } from '@/lib/shipping/carrier';
import { clearQuoteCache, deliveryOptions } from '@/lib/shipping/options';
import { CHOOSE_FREIGHT_MESSAGE } from './freight';
import { placeOrder, type OrderInput } from './place-order';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { productIdBySlug } from '@/test/payments/db';

const RULES: ShippingRules = { ...DEFAULT_SHIPPING_RULES, nationalCents: 1990, freeAboveCents: null };
const CARRIER = { enabled: true, environment: 'sandbox' as const, originZip: '01310100', services: [...DEFAULT_SERVICES], handlingDays: 1, adjust: { kind: 'none' as const, value: 0 } };
const RJ = { zip: '20040-002', street: 'Avenida Rio Branco', number: '1', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' };

let cafe: number;
withFakeProvider(undefined, { clearOrders: false });
beforeAll(async () => {
  cafe = await productIdBySlug('cafe-especial-250g');
});
beforeEach(async () => {
  clearQuoteCache();
  await saveShippingRules(RULES);
  await saveCarrierSettings(CARRIER);
  await database().db.update(products).set({ requiresShipping: true });
});
afterAll(async () => {
  await saveShippingRules(DEFAULT_SHIPPING_RULES);
  await saveCarrierSettings({ ...CARRIER, enabled: false });
});

const input = (over: Partial<OrderInput> = {}): OrderInput => ({
  checkoutKey: randomUUID(),
  method: 'pix',
  items: [{ productId: cafe, quantity: 1 }],
  buyer: { name: 'Maria da Silva', document: '529.982.247-25', email: 'maria@example.com' },
  delivery: RJ,
  ...over,
});

async function orderOf(token: string) {
  const [order] = await database().db.select().from(orders).where(eq(orders.token, token));
  const [payment] = await database().db.select().from(payments).where(eq(payments.orderId, order.id));
  return { order, payment };
}

async function sedex() {
  const r = await deliveryOptions({ zip: RJ.zip, lines: [{ id: String(cafe), quantity: 1, unitCents: 3990, weightGrams: null, heightCm: null, widthCm: null, lengthCm: null }], itemsCents: 3990, rules: RULES, carrier: { ...CARRIER, hasToken: false, tokenSealed: null } });
  if (!r.ok) throw new Error('no options');
  return r.options.find((o) => o.name === 'SEDEX')!;
}

describe('placeOrder priced by the carrier', () => {
  it('the chosen service at the price shown: charged, recorded with its service and promised dates', async () => {
    const s = await sedex();
    const r = await placeOrder(input({ freight: `${s.id}@${s.cents}` }));
    if (!r.ok) throw new Error(JSON.stringify(r));
    const { order, payment } = await orderOf(r.orderToken);
    expect(order).toMatchObject({ shippingCents: s.cents, totalCents: 3990 + s.cents, shippingPricedBy: 'carrier', shippingServiceId: 2, shippingServiceName: 'SEDEX' });
    expect(order.deliveryFromDate! <= order.deliveryToDate!).toBe(true);
    expect(payment.amountCents).toBe(order.totalCents);
  });

  it('a tampered price is refused next to the choice, with the options quoted again; nothing is charged', async () => {
    const s = await sedex();
    const before = (await database().db.select().from(orders)).length;
    const r = await placeOrder(input({ freight: `${s.id}@1` }));
    expect(r).toMatchObject({ ok: false, fieldErrors: { freight: expect.stringContaining('O frete mudou: SEDEX agora custa') } });
    expect(r.ok === false && r.freightOptions?.map((o) => o.name)).toContain('SEDEX');
    expect(await database().db.select().from(orders)).toHaveLength(before);
  });

  it('a service not offered, or no choice at all, is refused with the options', async () => {
    expect(await placeOrder(input({ freight: 'me-99@100' }))).toMatchObject({ ok: false, fieldErrors: { freight: expect.stringContaining('não está mais disponível') } });
    expect(await placeOrder(input())).toMatchObject({ ok: false, fieldErrors: { freight: CHOOSE_FREIGHT_MESSAGE } });
  });

  it('carrier down: the UF table prices it quietly, and the order says so', async () => {
    const r = await placeOrder(input({ delivery: { ...RJ, zip: '20040-999' }, freight: 'tabela@1990' }));
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect((await orderOf(r.orderToken)).order).toMatchObject({ shippingCents: 1990, shippingPricedBy: 'table', shippingServiceName: null, deliveryFromDate: null });
  });

  it('carrier off: the table as before, no choice needed', async () => {
    await saveCarrierSettings({ ...CARRIER, enabled: false });
    const r = await placeOrder(input());
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect((await orderOf(r.orderToken)).order).toMatchObject({ shippingCents: 1990, shippingPricedBy: 'table' });
  });
});
