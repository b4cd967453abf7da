/** placeOrder and shipping: the catalog says what ships, the shop's rules price it, the server recomputes it. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders, payments, products } from '@/db/schema';
import type { NewBoleto, NewPix } from '@/lib/payment-provider/types';
import { DEFAULT_SHIPPING_RULES, type ShippingRules } from '@/lib/shipping/quote';
import { saveShippingRules } from '@/lib/shipping/settings';
import { CHECK_FIELDS_MESSAGE } from '@/lib/checkout/fields';
import { placeOrder, type OrderInput } from './place-order';
import { type FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { productIdBySlug } from '@/test/payments/db';

const RULES: ShippingRules = {
  nationalCents: null,
  regionCents: { Sudeste: 1890, Nordeste: 2990 },
  ufCents: { SP: 1290 },
  freeAboveCents: 20000,
  pickup: { enabled: true, address: 'Rua Augusta, 1500 — São Paulo/SP' },
};
const SP = { zip: '01310-100', street: 'Avenida Paulista', number: '1000', complement: 'conj. 12', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const AM = { zip: '69005-010', street: 'Avenida Eduardo Ribeiro', number: '10', neighborhood: 'Centro', city: 'Manaus', state: 'AM' };

let fake: FakePaymentProvider;
let cafe: number; // R$ 39,90
let kit: number; // R$ 89,90

withFakeProvider((f) => (fake = f), { clearOrders: false });
beforeAll(async () => {
  cafe = await productIdBySlug('cafe-especial-250g');
  kit = await productIdBySlug('kit-degustacao');
});
beforeEach(async () => {
  await saveShippingRules(RULES);
  await database().db.update(products).set({ requiresShipping: true });
});
afterAll(() => saveShippingRules(DEFAULT_SHIPPING_RULES));

const input = (over: Partial<OrderInput> = {}): OrderInput => ({
  checkoutKey: randomUUID(),
  method: 'pix',
  items: [{ productId: cafe, quantity: 1 }],
  buyer: { name: 'Maria da Silva', document: '529.982.247-25', email: 'maria@example.com' },
  delivery: SP,
  ...over,
});

async function placed(over: Partial<OrderInput> = {}) {
  const r = await placeOrder(input(over));
  if (!r.ok) throw new Error(`refused: ${r.error} ${JSON.stringify(r.fieldErrors)}`);
  const { db } = database();
  const [order] = await db.select().from(orders).where(eq(orders.token, r.orderToken));
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
  return { order, payment };
}

describe('placeOrder with shipping', () => {
  it('a Pix order of a shipped product: the shipping is its own line, in the total and in the charge', async () => {
    const { order, payment } = await placed();
    expect(order).toMatchObject({
      totalCents: 3990 + 1290,
      shippingMethod: 'delivery',
      shippingCents: 1290,
      deliveryZip: '01310100',
      deliveryStreet: 'Avenida Paulista',
      deliveryNumber: '1000',
      deliveryComplement: 'conj. 12',
      deliveryNeighborhood: 'Bela Vista',
      deliveryCity: 'São Paulo',
      deliveryState: 'SP',
      addressZip: null, // Pix has no payer address
    });
    expect(payment.amountCents).toBe(5280);
    const [sent] = fake.calls[0].args as [NewPix];
    expect(sent.amountCents).toBe(5280);
  });

  it('prices from the CEP\'s UF: a Manaus CEP with "SP" chosen is refused next to the UF, nothing priced, no charge', async () => {
    await saveShippingRules({ ...RULES, nationalCents: 4990 });
    const calls = fake.calls.length;
    const message = 'O CEP informado é de Amazonas (AM). Escolha AM na UF ou confira o CEP.';
    // São Paulo's rate (R$ 12,90, free from R$ 200) must not be had with a Manaus CEP.
    const r = await placeOrder(input({ delivery: { ...AM, state: 'SP' } }));
    expect(r).toEqual({ ok: false, error: CHECK_FIELDS_MESSAGE, fieldErrors: { state: message } });
    expect(fake.calls).toHaveLength(calls);
    expect(await database().db.select().from(orders).where(eq(orders.deliveryCity, 'Manaus'))).toEqual([]);
    // A CEP in no state's range is refused on the CEP.
    expect(await placeOrder(input({ delivery: { ...SP, zip: '00100-000' } }))).toMatchObject({ ok: false, fieldErrors: { zip: 'Este CEP não pertence a nenhum estado. Confira os números.' } });
    // The CEP's own UF goes through, priced for AM (the national rate).
    expect((await placed({ delivery: AM })).order).toMatchObject({ shippingCents: 4990, deliveryState: 'AM', deliveryCity: 'Manaus' });
  });

  it('the server prices shipping by the UF, its region, or refuses a UF the shop does not serve', async () => {
    expect((await placed({ delivery: { ...SP, zip: '30130-010', state: 'MG', city: 'Belo Horizonte' } })).order.shippingCents).toBe(1890);
    const calls = fake.calls.length;
    const r = await placeOrder(input({ delivery: AM }));
    expect(r).toEqual({
      ok: false,
      error: 'A loja não entrega nesse estado. Escolha retirar na loja ou outro endereço.',
      fieldErrors: { state: 'A loja não entrega nesse estado. Escolha retirar na loja ou outro endereço.' },
    });
    expect(fake.calls).toHaveLength(calls);
  });

  it('free from the threshold on (items before any discount)', async () => {
    const { order } = await placed({ items: [{ productId: kit, quantity: 2 }, { productId: cafe, quantity: 1 }] }); // 179,80 + 39,90
    expect(order).toMatchObject({ shippingCents: 0, shippingMethod: 'delivery', totalCents: 21970 });
  });

  it('pickup at the shop: no shipping, no delivery address, the pickup address kept on the order', async () => {
    const { order } = await placed({ shipping: 'pickup', delivery: undefined });
    expect(order).toMatchObject({ shippingMethod: 'pickup', shippingCents: 0, totalCents: 3990, deliveryZip: null, pickupAddress: 'Rua Augusta, 1500 — São Paulo/SP' });
    await saveShippingRules({ ...RULES, pickup: { enabled: false, address: '' } });
    expect(await placeOrder(input({ shipping: 'pickup' }))).toMatchObject({ ok: false, fieldErrors: { shipping: 'A loja não oferece retirada.' } });
  });

  it('a shipped order without an address is refused field by field, without calling the provider', async () => {
    const r = await placeOrder(input({ delivery: undefined }));
    expect(r).toMatchObject({ ok: false, error: 'Confira os campos destacados.', fieldErrors: { zip: 'Informe o CEP.', street: 'Informe a rua.', state: 'Escolha a UF.' } });
    expect(fake.calls).toHaveLength(0);
  });

  it('nothing ships: no shipping and no delivery address stored, even when the caller sends one', async () => {
    await database().db.update(products).set({ requiresShipping: false }).where(eq(products.id, cafe));
    const { order } = await placed();
    expect(order).toMatchObject({ shippingMethod: null, shippingCents: 0, totalCents: 3990, deliveryZip: null, deliveryStreet: null });
  });

  it('boleto: the payer address goes to the bank, the delivery address stays ours; the charge includes shipping', async () => {
    const payer = { zip: '20040-002', street: 'Rua da Quitanda', number: '10', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' };
    const { order } = await placed({ method: 'boleto', address: payer });
    expect(order).toMatchObject({ totalCents: 5280, addressZip: '20040002', deliveryZip: '01310100' });
    const [sent] = fake.calls[0].args as [NewBoleto];
    expect(sent.amountCents).toBe(5280);
    expect(sent.payer).toMatchObject({ zip: '20040002', state: 'RJ' });
  });
});
