import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { database } from '@/db';
import { orderItems, orders, paymentEvents, payments, products, shopIdentity } from '@/db/schema';
import { addDays, saoPauloDate } from '@balcao/br/dates';
import { saveShopIdentity } from '@/lib/shop/identity';
import { DEMO_IDENTITY } from '@/db/seed';
import { env } from '@/lib/config/env';
import type { NewBoleto, NewPix } from '@/lib/payment-provider/types';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { parseCheckoutForm } from '@/lib/checkout/parse-form';
import { EXPIRED_FORM_MESSAGE } from '@/lib/checkout/order-input';
import { placeOrder, PROVIDER_DID_NOT_ANSWER, type OrderInput } from './place-order';
import { apiError, type FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { productIdBySlug, VALID_CNPJ, VALID_CPF } from '@/test/payments/db';

let fake: FakePaymentProvider;
let cafe: number; // R$ 39,90
let adesivo: number; // R$ 3,50

withFakeProvider((f) => (fake = f), { clearOrders: false });
beforeAll(async () => {
  cafe = await productIdBySlug('cafe-especial-250g');
  adesivo = await productIdBySlug('adesivo-balcao');
});
beforeEach(() => updateSettings({ ...DEFAULT_SETTINGS }));

const address = { zip: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

function pixInput(over: Partial<OrderInput> = {}): OrderInput {
  return {
    checkoutKey: randomUUID(),
    method: 'pix',
    items: [{ productId: cafe, quantity: 2 }],
    buyer: { name: '  Maria   da Silva ', document: '529.982.247-25', email: 'Maria@Example.com' },
    delivery: address,
    ...over,
  };
}
const boletoInput = (over: Partial<OrderInput> = {}) => pixInput({ method: 'boleto', address, ...over });

async function orderByToken(token: string) {
  const { db } = database();
  const [order] = await db.select().from(orders).where(eq(orders.token, token));
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { order, payment, items };
}

async function orderCountByKey(checkoutKey: string) {
  return (await database().db.select().from(orders).where(eq(orders.checkoutKey, checkoutKey))).length;
}

describe('placeOrder — Pix', () => {
  it('prices from the catalog, stores order, items and payment, and creates the QR code', async () => {
    const result = await placeOrder(pixInput({ items: [{ productId: cafe, quantity: 2 }, { productId: adesivo, quantity: 1 }] }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.orderToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const { order, payment, items } = await orderByToken(result.orderToken);
    expect(order).toMatchObject({ status: 'pending', method: 'pix', totalCents: 2 * 3990 + 350, buyerName: 'Maria da Silva', buyerDocument: VALID_CPF, buyerEmail: 'maria@example.com', addressZip: null });
    expect(items.map((i) => [i.name, i.unitPriceCents, i.quantity, i.lineTotalCents])).toEqual([
      ['Café especial em grãos 250 g', 3990, 2, 7980],
      ['Adesivo "Café passado"', 350, 1, 350],
    ]);
    expect(payment).toMatchObject({ method: 'pix', createState: 'created', status: 'pending', amountCents: 8330, providerStatus: 'empty' });
    expect(payment.webhookToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(payment.pixCode).toBeTruthy();
    expect(payment.pixImage).toMatch(/^data:image\/png;base64,/);

    const tomorrow = addDays(saoPauloDate(), 1);
    expect(payment.dueDate).toBe(tomorrow);
    expect(payment.payableUntil).toBe(addDays(tomorrow, DEFAULT_SETTINGS.pixExpirationDays));

    expect(fake.count('createPix')).toBe(1);
    const [sent, opts] = fake.calls[0].args as [NewPix, { idempotencyKey: string }];
    expect(opts.idempotencyKey).toBe(payment.idempotencyKey);
    expect(sent).toEqual({
      amountCents: 8330,
      description: `Pedido #${order.number} — Loja`,
      dueDate: tomorrow,
      expirationDays: 1,
      payer: { name: 'Maria da Silva', document: VALID_CPF },
      metadata: [{ key: 'order_id', value: order.id }],
      notificationUrl: `${env().appUrl}/api/webhooks/payments/${payment.webhookToken}`,
    });

    const events = await database().db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    expect(events.map((e) => e.type)).toEqual(['create_requested', 'created']);
  });

  it('never trusts a price from the form (extra fields are ignored)', async () => {
    const input = pixInput({ items: [{ productId: cafe, quantity: 1, priceCents: 1 } as never] });
    const result = await placeOrder(input);
    if (!result.ok) throw new Error(result.error);
    expect((await orderByToken(result.orderToken)).order.totalCents).toBe(3990);
  });

  it('merges repeated products into one line', async () => {
    const result = await placeOrder(pixInput({ items: [{ productId: cafe, quantity: 1 }, { productId: cafe, quantity: 2 }] }));
    if (!result.ok) throw new Error(result.error);
    const { items, order } = await orderByToken(result.orderToken);
    expect(items).toHaveLength(1);
    expect(order.totalCents).toBe(3 * 3990);
  });

  it('is idempotent per checkoutKey: a second submit returns the same order without calling the API', async () => {
    const input = pixInput();
    const a = await placeOrder(input);
    const b = await placeOrder(input);
    expect(a).toEqual(b);
    expect(fake.count('createPix')).toBe(1);
    expect(await orderCountByKey(input.checkoutKey)).toBe(1);
  });

  it('concurrent submits of one form make one order and one charge', async () => {
    fake.latencyMs = 20;
    const input = pixInput();
    const results = await Promise.all(Array.from({ length: 5 }, () => placeOrder(input)));
    expect(new Set(results.map((r) => (r.ok ? r.orderToken : r.error))).size).toBe(1);
    expect(results[0].ok).toBe(true);
    expect(fake.count('createPix')).toBe(1);
    expect(await orderCountByKey(input.checkoutKey)).toBe(1);
  });
});

describe('placeOrder — refusals before the API', () => {
  it.each([
    ['an unknown product', [{ productId: 999_999, quantity: 1 }], 'não está mais disponível'],
    ['quantity 0', [{ productId: 1, quantity: 0 }], 'de 1 a 99'],
    ['quantity 100', [{ productId: 1, quantity: 100 }], 'de 1 a 99'],
    ['a fractional quantity', [{ productId: 1, quantity: 1.5 }], 'de 1 a 99'],
    ['an empty cart', [], 'vazio'],
  ])('%s → fieldErrors.items', async (_label, items, text) => {
    const result = await placeOrder(pixInput({ items: items as OrderInput['items'] }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors?.items).toContain(text);
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses an inactive product', async () => {
    const [p] = await database().db.insert(products).values({ slug: `off-${randomUUID()}`, name: 'Fora de linha', description: '', priceCents: 1000, imagePath: '/x.svg', active: false }).returning();
    const result = await placeOrder(pixInput({ items: [{ productId: p.id, quantity: 1 }] }));
    expect(result).toMatchObject({ ok: false, fieldErrors: { items: expect.stringContaining('não está mais disponível') } });
  });

  it('refuses a total under R$ 5,00 with the API minimum in Portuguese', async () => {
    const result = await placeOrder(pixInput({ items: [{ productId: adesivo, quantity: 1 }] }));
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('R$ 5,00') });
    if (!result.ok) expect(result.fieldErrors?.items).toContain('R$ 5,00');
    expect(fake.calls).toHaveLength(0);
    // 2 × R$ 3,50 = R$ 7,00 passes
    expect((await placeOrder(pixInput({ items: [{ productId: adesivo, quantity: 2 }] }))).ok).toBe(true);
  });

  it('checks the buyer again (name, document, e-mail) in Portuguese', async () => {
    const result = await placeOrder(pixInput({ buyer: { name: ' ', document: '111.111.111-11', email: 'maria@' } }));
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { name: 'Informe seu nome completo.', document: 'CPF ou CNPJ inválido: confira os dígitos.', email: expect.stringMatching(/^E-mail inválido/) },
    });
  });

  it('requires the address for boleto', async () => {
    const result = await placeOrder(pixInput({ method: 'boleto' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual(['city', 'neighborhood', 'number', 'state', 'street', 'zip']);
    const bad = await placeOrder(boletoInput({ address: { ...address, zip: '123', state: 'XX' } }));
    expect(bad).toMatchObject({ ok: false, fieldErrors: { zip: 'O CEP tem 8 dígitos (ex.: 01310-100).', state: 'Escolha a UF.' } });
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses a missing or non-UUID checkout key (the form renders a UUID)', async () => {
    expect(await placeOrder(pixInput({ checkoutKey: '' }))).toEqual({ ok: false, error: EXPIRED_FORM_MESSAGE });
    expect(await placeOrder(pixInput({ checkoutKey: 'abcdefgh-1234' }))).toEqual({ ok: false, error: EXPIRED_FORM_MESSAGE });
    expect(fake.calls).toHaveLength(0);
  });

  it('says what the checkout form says: one schema, one set of messages', async () => {
    const buyer = { name: 'Maria', document: '529.982.247-25', email: 'maria@' };
    const address = { zip: '0131010', street: ' ', number: '1'.repeat(21), neighborhood: 'Bela Vista', city: 'São Paulo', state: 'XX' };
    const key = randomUUID();
    const viaForm = parseCheckoutForm({ checkoutKey: key, method: 'boleto', ...buyer, ...address }, { needsDelivery: false });
    const direct = await placeOrder({ checkoutKey: key, method: 'boleto', items: [{ productId: cafe, quantity: 1 }], buyer, address });
    expect(viaForm.ok).toBe(false);
    if (viaForm.ok || direct.ok) throw new Error('both must refuse');
    expect(Object.keys(viaForm.fieldErrors).sort()).toEqual(['email', 'name', 'number', 'state', 'street', 'zip']);
    expect(direct.fieldErrors).toEqual(viaForm.fieldErrors);
  });
});

describe('placeOrder — "Celular (WhatsApp)"', () => {
  it('stores the buyer’s mobile as its 11 national digits, and nothing when none was given', async () => {
    const withPhone = await placeOrder(pixInput({ buyer: { name: 'Maria da Silva', document: VALID_CPF, email: 'maria@example.com', phone: '+55 (11) 98765-4321' } }));
    if (!withPhone.ok) throw new Error(withPhone.error);
    expect((await orderByToken(withPhone.orderToken)).order.buyerPhone).toBe('11987654321');
    const without = await placeOrder(pixInput());
    if (!without.ok) throw new Error(without.error);
    expect((await orderByToken(without.orderToken)).order.buyerPhone).toBeNull();
    // The phone is the shop's to read: the provider's payer never gets it.
    for (const call of fake.calls) expect(JSON.stringify(call.args)).not.toContain('98765');
  });

  it('refuses a number that is not a Brazilian mobile, next to the field, before any charge', async () => {
    const result = await placeOrder(pixInput({ buyer: { name: 'Maria da Silva', document: VALID_CPF, email: 'maria@example.com', phone: '(11) 3456-7890' } }));
    expect(result).toMatchObject({ ok: false, fieldErrors: { phone: expect.stringContaining('(11) 98765-4321') } });
    expect(fake.calls).toHaveLength(0);
  });

  it('requires it when the shop’s settings say so, whatever the caller sends', async () => {
    await updateSettings({ ...DEFAULT_SETTINGS, requireBuyerPhone: true });
    const key = randomUUID();
    expect(await placeOrder(pixInput({ checkoutKey: key }))).toEqual({ ok: false, error: 'Confira os campos destacados.', fieldErrors: { phone: 'Informe o celular (WhatsApp).' } });
    expect(await orderCountByKey(key)).toBe(0);
    expect(fake.calls).toHaveLength(0);
    const ok = await placeOrder(pixInput({ checkoutKey: key, buyer: { name: 'Maria da Silva', document: VALID_CPF, email: 'maria@example.com', phone: '21 99876-5432' } }));
    if (!ok.ok) throw new Error(ok.error);
    expect((await orderByToken(ok.orderToken)).order.buyerPhone).toBe('21998765432');
  });
});

describe('placeOrder — boleto', () => {
  it('sends due date, grace, fine, interest from the settings, the shop’s name of the moment and the payer with address', async () => {
    await saveShopIdentity({ ...DEMO_IDENTITY, name: 'Torrefação do Zé' }, { kind: 'keep' });
    onTestFinished(async () => {
      await database().db.delete(shopIdentity);
    });
    await updateSettings({ ...DEFAULT_SETTINGS, boletoDueDays: 5, boletoGraceDays: 7, boletoFinePercent: 2.5, boletoInterestPercent: 0.15 });
    const result = await placeOrder(boletoInput({ buyer: { name: 'Empresa Ltda', document: '11.222.333/0001-81', email: 'fin@empresa.com.br' } }));
    if (!result.ok) throw new Error(result.error);
    const { order, payment } = await orderByToken(result.orderToken);
    const due = addDays(saoPauloDate(), 5);
    const [sent] = fake.calls[0].args as [NewBoleto];
    expect(sent).toEqual({
      amountCents: 7980,
      description: `Pedido #${order.number} — Torrefação do Zé`,
      dueDate: due,
      gracePeriod: 7,
      finePercent: 2.5,
      interestPercent: 0.15,
      payer: { name: 'Empresa Ltda', document: VALID_CNPJ, zip: '01310100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
      metadata: [{ key: 'order_id', value: order.id }],
      notificationUrl: `${env().appUrl}/api/webhooks/payments/${payment.webhookToken}`,
    });
    expect(payment).toMatchObject({ createState: 'created', dueDate: due, payableUntil: addDays(due, 7), barcode: null, providerId: expect.any(String) });
    expect(order).toMatchObject({ addressZip: '01310100', addressState: 'SP' });
  });
});

describe('placeOrder — provider failures', () => {
  it('maps a validation error to its field and deletes the order (nothing half-created)', async () => {
    fake.failNext('createPix', apiError('validation', { field: 'payer.document', status: 400 }));
    const input = pixInput();
    const result = await placeOrder(input);
    expect(result).toEqual({ ok: false, error: 'Confira os campos destacados.', fieldErrors: { document: 'CPF ou CNPJ inválido.' } });
    expect(await orderCountByKey(input.checkoutKey)).toBe(0);
    // The buyer corrects and submits the same form again: a fresh order.
    const again = await placeOrder(input);
    expect(again.ok).toBe(true);
    expect(await orderCountByKey(input.checkoutKey)).toBe(1);
  });

  it.each([['payer.zip', 'zip'], ['payer.name', 'name'], ['payer.state', 'state'], ['amount', 'items']])('maps %s to %s', async (field, key) => {
    fake.failNext('createBoleto', apiError('validation', { field, status: 400 }));
    const result = await placeOrder(boletoInput());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors ?? {})).toEqual([key]);
  });

  it.each(['unavailable', 'rate_limited', 'bad_response'] as const)('keeps the order in "creating" on %s and retries with the same key and body', async (kind) => {
    fake.failNext('createPix', apiError(kind));
    const input = pixInput();
    const first = await placeOrder(input);
    expect(first).toEqual({ ok: false, error: PROVIDER_DID_NOT_ANSWER });
    const [order] = await database().db.select().from(orders).where(eq(orders.checkoutKey, input.checkoutKey));
    const [payment] = await database().db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment.createState).toBe('creating');
    expect(payment.createError).toContain(kind);

    // Settings change in between: the retry must still send the original body.
    await updateSettings({ ...DEFAULT_SETTINGS, pixExpirationDays: 9 });
    const second = await placeOrder(input);
    expect(second).toEqual({ ok: true, orderToken: order.token });
    expect(fake.count('createPix')).toBe(2);
    const [a, b] = fake.calls.map((c) => c.args);
    expect(b).toEqual(a);
  });

  it('a lost answer (charge created, response lost) is found again with the same Idempotency-Key', async () => {
    fake.failNext('createBoleto', apiError('unavailable'), { after: true });
    const input = boletoInput();
    expect((await placeOrder(input)).ok).toBe(false);
    expect(fake.boletos.size).toBe(1);
    const again = await placeOrder(input);
    expect(again.ok).toBe(true);
    expect(fake.boletos.size).toBe(1); // no second charge
    if (!again.ok) return;
    const { payment } = await orderByToken(again.orderToken);
    expect(payment.providerId).toBe([...fake.boletos.keys()][0]);
  });

  it('a thrown non-API error (network) is in doubt too', async () => {
    fake.failNext('createPix', new TypeError('fetch failed'));
    expect(await placeOrder(pixInput())).toEqual({ ok: false, error: PROVIDER_DID_NOT_ANSWER });
  });

  it('an auth error on the first send deletes the order and says to tell the merchant', async () => {
    fake.failNext('createPix', apiError('auth', { status: 401 }));
    const input = pixInput();
    const result = await placeOrder(input);
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('lojista') });
    expect(await orderCountByKey(input.checkoutKey)).toBe(0);
  });
});
