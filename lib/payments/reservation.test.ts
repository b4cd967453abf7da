/**
 * "Reserva de estoque" and the cap on unpaid orders per CPF/CNPJ, with a fixed clock (only Date
 * is faked: the orders' created_at and the reservation's cutoff both come from it), against a
 * real SQLite file and the real placeOrder / applyObservation.
 */
import { insertProduct, stockOfProduct } from '@/test/catalog/products';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { database } from '@/db';
import { orders, stockMovements } from '@/db/schema';
import { availability } from '@/lib/catalog/availability';
import { productBySlug } from '@/lib/catalog/catalog';
import { createLink, linkWithStats } from '@/lib/links/links';
import { REFUSAL_MESSAGES } from '@/lib/links/place';
import { SOLD_OUT_WHILE_BUYING } from '@/lib/orders/pricing';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { applyObservation } from './apply';
import type { Observation } from './observation';
import { placeOrder, tooManyUnpaidMessage, type LinkOrderInput, type OrderInput } from '@/lib/checkout/place-order';
import { releaseLapsedReservations } from './reservations';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { orderById, prepareDatabase, VALID_CNPJ } from '@/test/payments/db';
import { rowsByToken, TEST_ADDRESS } from '@/test/payments/place';
import { validCpf } from '@/test/documents';
import { withEnvDefault } from '@/test/env';

const T0 = new Date('2026-11-20T15:00:00.000Z').getTime();
const MIN = 60_000;
const at = (minutes: number) => vi.setSystemTime(T0 + minutes * MIN);
const pix = (status: string): Observation => ({ method: 'pix', providerStatus: status, observed: chargeStateOf('pix', status), artifacts: {} });

/** Every buyer has a document of their own unless a test says otherwise (the cap is per document). */
let nextCpf = 100_000_000;
const freshCpf = () => validCpf(nextCpf++);

withEnvDefault('UNPAID_ORDERS_PER_DOCUMENT'); // the default: 3
beforeAll(prepareDatabase);
beforeEach(async () => {
  startProcessContext([paymentProvider.provide(new FakePaymentProvider())]);
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
  await updateSettings({ ...DEFAULT_SETTINGS });
});
afterEach(() => vi.useRealTimers());

async function newProduct(stock: number): Promise<{ id: number; slug: string }> {
  const slug = `reserva-${randomUUID().slice(0, 8)}`;
  const id = await insertProduct({ slug, name: `Produto ${slug}`, description: '', priceCents: 2000, imagePath: '', stock });
  return { id, slug };
}
const stockOf = stockOfProduct;

function cartOrder(productId: number, document = freshCpf()): OrderInput {
  return { checkoutKey: randomUUID(), method: 'boleto', items: [{ productId, quantity: 1 }], buyer: { name: 'Maria da Silva', document, email: 'maria@example.com' }, delivery: TEST_ADDRESS, address: TEST_ADDRESS };
}
function linkOrder(linkId: string, document = freshCpf()): LinkOrderInput {
  return { checkoutKey: randomUUID(), method: 'pix', link: { id: linkId }, buyer: { name: 'Ana Souza', document, email: 'ana@example.com' } };
}
async function placed(input: OrderInput | LinkOrderInput) {
  const r = await placeOrder(input);
  if (!r.ok) throw new Error(r.error);
  return rowsByToken(r.orderToken);
}

describe('Reserva de estoque: an unpaid order holds stock units only for the window', () => {
  it('a made-up boleto keeps the last unit for 60 minutes, then the shop sells it again; the old charge paid later is flagged', async () => {
    const p = await newProduct(1);
    const squatter = await placed(cartOrder(p.id));
    expect(await stockOf(p.id)).toBe(0);

    at(59);
    await releaseLapsedReservations();
    expect(await stockOf(p.id)).toBe(0);
    expect(availability((await productBySlug(p.slug))!.stock).soldOut).toBe(true);
    const early = await placeOrder(cartOrder(p.id));
    expect(early).toMatchObject({ ok: false, error: expect.stringContaining(SOLD_OUT_WHILE_BUYING) });

    at(61);
    expect(await releaseLapsedReservations()).toBe(1);
    expect(await stockOf(p.id)).toBe(1);
    expect(availability((await productBySlug(p.slug))!.stock).soldOut).toBe(false);
    // The charge stays payable: the order is still pending.
    expect((await orderById(squatter.order.id))?.status).toBe('pending');
    expect(await releaseLapsedReservations()).toBe(0); // once

    const buyer = await placed(cartOrder(p.id));
    expect(await stockOf(p.id)).toBe(0);

    // The squatter's boleto is paid after all: paid wins, the units are gone, the order is flagged.
    await applyObservation(squatter.payment.id, { method: 'boleto', providerStatus: '4', observed: chargeStateOf('boleto', 4), artifacts: {} }, 'webhook');
    expect(await orderById(squatter.order.id)).toMatchObject({ status: 'paid', stockShort: true });
    expect(await stockOf(p.id)).toBe(0);
    expect((await orderById(buyer.order.id))?.stockShort).toBe(false);
  });

  it('a checkout after the window takes the lapsed units itself, without waiting for the sweep', async () => {
    const p = await newProduct(1);
    await placed(cartOrder(p.id));
    at(60);
    expect(await placeOrder(cartOrder(p.id))).toMatchObject({ ok: false }); // exactly 60 minutes: still held
    at(60.01);
    await placed(cartOrder(p.id));
    expect(await stockOf(p.id)).toBe(0);
  });

  it('paid after the window while the units are still there: they are taken again, nothing flagged', async () => {
    const p = await newProduct(2);
    const late = await placed(cartOrder(p.id));
    at(90);
    await releaseLapsedReservations();
    expect(await stockOf(p.id)).toBe(2);
    await applyObservation(late.payment.id, { method: 'boleto', providerStatus: '4', observed: chargeStateOf('boleto', 4), artifacts: {} }, 'webhook');
    expect(await orderById(late.order.id)).toMatchObject({ status: 'paid', stockShort: false });
    expect(await stockOf(p.id)).toBe(1);
    const moves = await database().db.select().from(stockMovements).where(eq(stockMovements.orderId, late.order.id));
    expect(moves.map((m) => [m.reason, m.delta])).toEqual([
      ['order', -1],
      ['released', 1],
      ['late_payment', -1],
    ]);
  });

  it('follows the setting: 0 holds nothing past the order; 72 hours holds for 3 days', async () => {
    const p = await newProduct(1);
    await updateSettings({ ...DEFAULT_SETTINGS, stockHoldMinutes: 0 });
    await placed(cartOrder(p.id));
    at(0.001);
    await placed(cartOrder(p.id));

    const q = await newProduct(1);
    await updateSettings({ ...DEFAULT_SETTINGS, stockHoldMinutes: 72 * 60 });
    at(10);
    await placed(cartOrder(q.id));
    at(10 + 72 * 60 - 1);
    await releaseLapsedReservations();
    expect(await stockOf(q.id)).toBe(0);
    at(10 + 72 * 60 + 1);
    await releaseLapsedReservations();
    expect(await stockOf(q.id)).toBe(1);
  });
});

describe('Reserva de estoque: a payment link place', () => {
  it('a one-off link is "em andamento" only for the window; a payment of the lapsed charge over the limit is flagged', async () => {
    const link = await createLink({ title: 'Bolo', description: null, amountCents: 5000, minAmountCents: null, methods: 'both', pixDiscount: false, expiresOn: null, maxPayments: 1 }, 'demo@balcao.dev');
    const squatter = await placed(linkOrder(link.id));
    at(30);
    expect(await placeOrder(linkOrder(link.id))).toEqual({ ok: false, error: REFUSAL_MESSAGES.sold_out });
    expect((await linkWithStats(link.id))?.state).toBe('sold_out');

    at(61);
    expect((await linkWithStats(link.id))?.state).toBe('active');
    const buyer = await placed(linkOrder(link.id));
    await applyObservation(buyer.payment.id, pix('completed'), 'webhook');
    expect(await orderById(buyer.order.id)).toMatchObject({ status: 'paid', linkOverLimit: false });

    // The lapsed Pix is paid too: accepted (paid always wins), flagged as over the link's limit.
    await applyObservation(squatter.payment.id, pix('completed'), 'webhook');
    expect(await orderById(squatter.order.id)).toMatchObject({ status: 'paid', linkOverLimit: true });
  });

  it('a lapsed charge paid while its place is still free is not flagged', async () => {
    const link = await createLink({ title: 'Torta', description: null, amountCents: 5000, minAmountCents: null, methods: 'both', pixDiscount: false, expiresOn: null, maxPayments: 1 }, 'demo@balcao.dev');
    const slow = await placed(linkOrder(link.id));
    at(120);
    await applyObservation(slow.payment.id, pix('completed'), 'webhook');
    expect(await orderById(slow.order.id)).toMatchObject({ status: 'paid', linkOverLimit: false });
    expect((await linkWithStats(link.id))?.state).toBe('sold_out');
  });
});

describe('at most 3 unpaid orders at a time per CPF/CNPJ', () => {
  it('the 4th is refused next to the document field (cart and link); paying one frees a slot; other documents are free', async () => {
    const p = await newProduct(100);
    const link = await createLink({ title: 'Serviço', description: null, amountCents: 5000, minAmountCents: null, methods: 'both', pixDiscount: false, expiresOn: null, maxPayments: null }, 'demo@balcao.dev');
    const doc = freshCpf();
    const first = await placed(cartOrder(p.id, doc));
    await placed(linkOrder(link.id, doc));
    await placed(cartOrder(p.id, doc));

    const message = tooManyUnpaidMessage(3);
    expect(message).toContain('3 pedidos aguardando pagamento');
    expect(await placeOrder(cartOrder(p.id, doc))).toEqual({ ok: false, error: message, fieldErrors: { document: message } });
    expect(await placeOrder(linkOrder(link.id, doc))).toEqual({ ok: false, error: message, fieldErrors: { document: message } });
    // Even after the reservation window: the charges are still unpaid.
    at(24 * 60);
    expect(await placeOrder(cartOrder(p.id, doc))).toMatchObject({ ok: false, fieldErrors: { document: message } });
    expect(await placeOrder(cartOrder(p.id, VALID_CNPJ))).toMatchObject({ ok: true });

    await applyObservation(first.payment.id, { method: 'boleto', providerStatus: '4', observed: chargeStateOf('boleto', 4), artifacts: {} }, 'webhook');
    expect(await placeOrder(cartOrder(p.id, doc))).toMatchObject({ ok: true });
    const pendingOfDoc = await database().db.select().from(orders).where(eq(orders.buyerDocument, doc));
    expect(pendingOfDoc.filter((o) => o.status === 'pending')).toHaveLength(3);
  });

  it('holds under concurrent checkouts of one document', async () => {
    const p = await newProduct(100);
    const doc = freshCpf();
    const results = await Promise.all(Array.from({ length: 8 }, () => placeOrder(cartOrder(p.id, doc))));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
  });
});
