/** placeOrder for a payment link: the same path as a cart's order, with the link's price and rules. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orderItems, orders, payments } from '@/db/schema';
import { createLink, disableLink } from '@/lib/links/links';
import type { NewLink } from '@/lib/links/link-form';
import { REFUSAL_MESSAGES } from '@/lib/links/place';
import type { NewPix } from '@/lib/payment-provider/types';
import { placeOrder, type LinkOrderInput } from './place-order';
import { apiError, type FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { VALID_CPF } from '@/test/payments/db';

let fake: FakePaymentProvider;

withFakeProvider((f) => (fake = f), { clearOrders: false });

const fixed: NewLink = { title: 'Bolo de cenoura', description: null, amountCents: 15000, minAmountCents: null, methods: 'both', pixDiscount: true, expiresOn: null, maxPayments: null };
const address = { zip: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

function input(linkId: string, over: Partial<LinkOrderInput> = {}): LinkOrderInput {
  return { checkoutKey: randomUUID(), method: 'pix', link: { id: linkId }, buyer: { name: 'Ana Souza', document: VALID_CPF, email: 'ana@example.com' }, ...over };
}

async function rowsOf(token: string) {
  const { db } = database();
  const [order] = await db.select().from(orders).where(eq(orders.token, token));
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
  return { order, items, payment };
}

describe('placeOrder — payment link', () => {
  it("charges the link's price as one line with its title, and records the link on the order", async () => {
    const link = await createLink(fixed, 'demo@balcao.dev');
    // An amount sent with a fixed-price link is ignored: the price is the link's.
    const result = await placeOrder(input(link.id, { link: { id: link.id, amountCents: 500 } }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { order, items, payment } = await rowsOf(result.orderToken);
    expect(order).toMatchObject({ paymentLinkId: link.id, totalCents: 15000, method: 'pix', status: 'pending' });
    expect(items).toEqual([expect.objectContaining({ productId: null, name: 'Bolo de cenoura', unitPriceCents: 15000, quantity: 1, lineTotalCents: 15000 })]);
    expect(payment.amountCents).toBe(15000);
    expect((fake.calls.find((c) => c.op === 'createPix')!.args[0] as NewPix).amountCents).toBe(15000);
  });

  it('takes the amount the buyer chose when it is at least the minimum, and refuses less next to the field', async () => {
    const link = await createLink({ ...fixed, title: 'Doação', amountCents: null, minAmountCents: 2000 }, 'demo@balcao.dev');
    const low = await placeOrder(input(link.id, { link: { id: link.id, amountCents: 1999 } }));
    expect(low).toEqual({ ok: false, error: 'O valor mínimo é R$ 20,00.', fieldErrors: { amount: 'O valor mínimo é R$ 20,00.' } });
    const none = await placeOrder(input(link.id));
    expect(none.ok === false && none.fieldErrors?.amount).toBe('Informe o valor que você vai pagar (a partir de R$ 20,00).');
    const bad = await placeOrder(input(link.id, { link: { id: link.id, amountCents: 20.5 } }));
    expect(bad.ok === false && bad.fieldErrors?.amount).toBe('Informe um valor em reais, como 150,00.');
    expect(fake.count('createPix')).toBe(0);
    const ok = await placeOrder(input(link.id, { link: { id: link.id, amountCents: 2550 } }));
    expect(ok.ok).toBe(true);
    if (ok.ok) expect((await rowsOf(ok.orderToken)).order.totalCents).toBe(2550);
  });

  it('offers only the methods the link allows', async () => {
    const link = await createLink({ ...fixed, methods: 'pix' }, 'demo@balcao.dev');
    expect(await placeOrder(input(link.id, { method: 'boleto', address }))).toEqual({ ok: false, error: 'Este link aceita só Pix.' });
    expect(fake.count('createBoleto')).toBe(0);
  });

  it('refuses a second buyer of a one-off link before any API call, and reopens it when the first order is refused by the provider', async () => {
    const link = await createLink({ ...fixed, maxPayments: 1 }, 'demo@balcao.dev');
    fake.failNext('createPix', apiError('validation', { field: 'payer.document', status: 400 }));
    const refused = await placeOrder(input(link.id));
    expect(refused.ok).toBe(false);
    // The refused order was deleted with its rows: the link's place is free again.
    const first = await placeOrder(input(link.id));
    expect(first.ok).toBe(true);
    const calls = fake.count('createPix');
    expect(await placeOrder(input(link.id))).toEqual({ ok: false, error: REFUSAL_MESSAGES.sold_out });
    expect(fake.count('createPix')).toBe(calls);
    // The first buyer submitting again (same form) still finds their order.
    const again = await placeOrder({ ...input(link.id), checkoutKey: (await database().db.select().from(orders).where(eq(orders.paymentLinkId, link.id)))[0].checkoutKey });
    expect(again).toEqual(first);
  });

  it('refuses a disabled link at once, and an unknown one', async () => {
    const link = await createLink(fixed, 'demo@balcao.dev');
    await disableLink(link.id, 'demo@balcao.dev');
    expect(await placeOrder(input(link.id))).toEqual({ ok: false, error: REFUSAL_MESSAGES.disabled });
    expect(await placeOrder(input(randomUUID()))).toEqual({ ok: false, error: REFUSAL_MESSAGES.not_found });
    expect(fake.count('createPix')).toBe(0);
  });
});

describe('placeOrder — payment link and the shop Pix discount', () => {
  it('takes the discount off a Pix payment when the link takes it, as its own line; never on boleto or when the link says no', async () => {
    const { DEFAULT_SETTINGS, updateSettings } = await import('@/lib/payment-settings/settings');
    await updateSettings({ ...DEFAULT_SETTINGS, pixDiscountBps: 500 });
    try {
      const withDiscount = await createLink(fixed, 'demo@balcao.dev');
      const without = await createLink({ ...fixed, pixDiscount: false }, 'demo@balcao.dev');
      const pix = await placeOrder(input(withDiscount.id));
      const boleto = await placeOrder(input(withDiscount.id, { method: 'boleto', address }));
      const noDiscount = await placeOrder(input(without.id));
      expect(pix.ok && boleto.ok && noDiscount.ok).toBe(true);
      if (!pix.ok || !boleto.ok || !noDiscount.ok) return;
      expect((await rowsOf(pix.orderToken)).order).toMatchObject({ itemsCents: 15000, pixDiscountCents: 750, pixDiscountBps: 500, totalCents: 14250 });
      expect((await rowsOf(pix.orderToken)).payment.amountCents).toBe(14250);
      expect((await rowsOf(boleto.orderToken)).order).toMatchObject({ pixDiscountCents: 0, totalCents: 15000 });
      expect((await rowsOf(noDiscount.orderToken)).order).toMatchObject({ pixDiscountCents: 0, totalCents: 15000 });
    } finally {
      await updateSettings({ ...DEFAULT_SETTINGS });
    }
  });
});
