import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { database } from '@/db';
import { emailSettings, orderItems, orders, shippingSettings, shopIdentity } from '@/db/schema';
import { clearOrders, prepareDatabase } from '@/test/payments/db';
import { applyFulfilmentMove } from './apply-move';
import { shippingDocuments } from './documents';
import { fulfilmentOrder } from '@/test/fulfilment/orders';
import { pdfPagesText } from '@/test/fulfilment/pdf-text';
import { parseTracking } from './tracking';

async function orderWithItems(number: number, o: Parameters<typeof fulfilmentOrder>[0] = {}) {
  const { order } = await fulfilmentOrder(o);
  const { db } = database();
  await db.update(orders).set({ number, deliveryComplement: 'Apto 42' }).where(eq(orders.id, order.id));
  await db.insert(orderItems).values([
    { orderId: order.id, name: 'Caneca Esmaltada', unitPriceCents: 4590, quantity: 2, lineTotalCents: 9180 },
    { orderId: order.id, name: 'Camiseta Algodão Orgânico', unitPriceCents: 7990, quantity: 1, lineTotalCents: 7990 },
  ]);
  return order;
}

async function pdfOf(r: Awaited<ReturnType<typeof shippingDocuments>>) {
  if (!r.ok) throw new Error(r.error);
  return r.pdf;
}

beforeAll(prepareDatabase);
beforeEach(async () => {
  await clearOrders();
  const { db } = database();
  await db.delete(emailSettings);
  await db.delete(shippingSettings);
  await db.delete(shopIdentity);
  await db.insert(shopIdentity).values({ id: 1, name: 'Ateliê Aurora' });
  await db.insert(shippingSettings).values({ id: 1, pickupAddress: 'Rua Augusta, 500 — Consolação, São Paulo/SP' });
});

describe('shippingDocuments: declaração de conteúdo', () => {
  it("sends from the shop's legal identity when it is filled in (Configurações → Loja)", async () => {
    await database()
      .db.update(shopIdentity)
      .set({
        legalName: 'Aurora Artesanato Ltda',
        document: '11222333000181',
        addressZip: '04538133',
        addressStreet: 'Avenida Brigadeiro Faria Lima',
        addressNumber: '3477',
        addressNeighborhood: 'Itaim Bibi',
        addressCity: 'São Paulo',
        addressState: 'SP',
      });
    const order = await orderWithItems(1002);
    const [text] = await pdfPagesText(await pdfOf(await shippingDocuments('declaracao', { orderId: order.id }, { masked: false })));
    for (const expected of ['Aurora Artesanato Ltda', 'Avenida Brigadeiro Faria Lima, 3477 — Itaim Bibi', '04538-133', '11.222.333/0001-81']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Rua Augusta, 500');
  });

  it('is an A4 PDF with the shop as sender, the buyer and delivery address, the items, quantities and total', async () => {
    const order = await orderWithItems(1001);
    const r = await shippingDocuments('declaracao', { orderId: order.id }, { masked: false });
    expect(r).toMatchObject({ ok: true, count: 1, fileName: 'declaracao-de-conteudo-1001.pdf' });
    const pdf = await pdfOf(r);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getWidth()).toBeCloseTo(595.28, 0);
    expect(doc.getPage(0).getHeight()).toBeCloseTo(841.89, 0);
    const [text] = await pdfPagesText(pdf);
    for (const expected of [
      'DECLARAÇÃO DE CONTEÚDO',
      'Pedido #1001',
      'REMETENTE',
      'Ateliê Aurora',
      'Rua Augusta, 500 — Consolação, São Paulo/SP',
      'DESTINATÁRIO',
      'Maria da Silva',
      'Avenida Paulista, 1000 — Apto 42 — Bela Vista',
      'São Paulo',
      '01310-100',
      '529.982.247-25',
      'IDENTIFICAÇÃO DOS BENS',
      'Caneca Esmaltada',
      'Camiseta Algodão Orgânico',
      'R$ 91,80',
      'R$ 79,90',
      'TOTAIS',
      'R$ 171,70',
      'PESO TOTAL (kg):',
      'Assinatura do Declarante/Remetente',
    ]) {
      expect(text).toContain(expected);
    }
    // Quantities: 2 and 1 on the lines, 3 in the totals.
    expect(text.split('\n')).toEqual(expect.arrayContaining(['2', '1', '3']));
    expect(text).toContain('Declaro que não me enquadro no conceito de contribuinte');
  });

  it('masks the buyer for a role without buyers:read (the demonstration account)', async () => {
    const order = await orderWithItems(1002);
    const [text] = await pdfPagesText(await pdfOf(await shippingDocuments('declaracao', { orderId: order.id }, { masked: true })));
    expect(text).toContain('Maria d. S.');
    expect(text).not.toContain('Maria da Silva');
    expect(text).not.toContain('Avenida Paulista');
    expect(text).not.toContain('Apto 42');
    expect(text).not.toContain('529.982.247-25');
    expect(text).toContain('529.***.***-25');
    expect(text).toContain('São Paulo');
    expect(text).toContain('R$ 171,70');
  });

  it('refuses an order that is not paid, a pickup order and an unknown one', async () => {
    const pending = await orderWithItems(1003, { status: 'pending' });
    const pickup = await orderWithItems(1004, { method: 'pickup' });
    expect(await shippingDocuments('declaracao', { orderId: pending.id }, { masked: false })).toEqual({ ok: false, status: 409, error: 'Só um pedido pago tem documentos de envio.' });
    expect(await shippingDocuments('declaracao', { orderId: pickup.id }, { masked: false })).toMatchObject({ ok: false, status: 409 });
    expect(await shippingDocuments('declaracao', { orderId: '00000000-0000-4000-8000-000000000000' }, { masked: false })).toMatchObject({ ok: false, status: 404 });
    expect(await shippingDocuments('declaracao', { orderId: 'not-an-id' }, { masked: false })).toMatchObject({ ok: false, status: 404 });
  });

  it('for the "A enviar" view: one page per order still to send, oldest first', async () => {
    const first = await orderWithItems(1005);
    await database().db.update(orders).set({ paidAt: '2026-01-01T12:00:00.000Z' }).where(eq(orders.id, first.id));
    await orderWithItems(1006);
    const sent = await orderWithItems(1007);
    const code = parseTracking({ carrier: 'Correios', code: 'AB123456785BR' });
    if (!code.ok) throw new Error('code');
    await applyFulfilmentMove(sent.id, { move: 'ship', tracking: code.value }, 'loja@example.com');
    await orderWithItems(1008, { method: 'pickup' });
    const r = await shippingDocuments('declaracao', { toShip: true }, { masked: false });
    expect(r).toMatchObject({ ok: true, count: 2, fileName: 'declaracao-de-conteudo-a-enviar.pdf' });
    const pages = await pdfPagesText(await pdfOf(r));
    expect(pages.map((p) => /Pedido (#\d+)/.exec(p)?.[1])).toEqual(['#1005', '#1006']);
  });

  it('a long order continues on a second sheet: every item declared, the totals on the last sheet', async () => {
    const { order } = await fulfilmentOrder();
    await database().db.update(orders).set({ number: 1009 }).where(eq(orders.id, order.id));
    await database()
      .db.insert(orderItems)
      .values(Array.from({ length: 20 }, (_, i) => ({ orderId: order.id, name: `Produto ${i + 1}`, unitPriceCents: 1000, quantity: 1, lineTotalCents: 1000 })));
    const pages = await pdfPagesText(await pdfOf(await shippingDocuments('declaracao', { orderId: order.id }, { masked: false })));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Pedido #1009 · folha 1/2');
    expect(pages[0]).toContain('Produto 15');
    expect(pages[0]).not.toContain('TOTAIS');
    expect(pages[1]).toContain('Produto 20');
    expect(pages[1]).toContain('TOTAIS');
    expect(pages[1]).toContain('R$ 200,00');
  });

  it('for a selection: the printable orders in the selection\'s order, the others named with why', async () => {
    const [a, pickup, b] = [await orderWithItems(1021), await orderWithItems(1022, { method: 'pickup' }), await orderWithItems(1023)];
    const r = await shippingDocuments('declaracao', { orderIds: [b.id, pickup.id, a.id.toUpperCase()] }, { masked: false });
    expect(r).toMatchObject({ ok: true, count: 2, fileName: 'declaracao-de-conteudo-selecionados.pdf', skipped: [{ label: '#1022', reason: expect.stringContaining('retirar na loja') }] });
    const pages = await pdfPagesText(await pdfOf(r));
    expect(pages.map((p) => /Pedido (#\d+)/.exec(p)?.[1])).toEqual(['#1023', '#1021']);
    expect(await shippingDocuments('declaracao', { orderIds: [pickup.id] }, { masked: false })).toMatchObject({ ok: false, status: 409, error: expect.stringContaining('#1022') });
    expect(await shippingDocuments('declaracao', { orderIds: ['00000000-0000-4000-8000-000000000000'] }, { masked: false })).toMatchObject({ ok: false, status: 404 });
  });

  it('with nothing to send, says so', async () => {
    expect(await shippingDocuments('declaracao', { toShip: true }, { masked: false })).toEqual({ ok: false, status: 404, error: 'Nenhum pedido pago esperando envio.' });
  });
});

describe('shippingDocuments: lista de separação', () => {
  it('has the order number, each item with its quantity and the delivery address', async () => {
    const order = await orderWithItems(1010);
    const [text] = await pdfPagesText(await pdfOf(await shippingDocuments('separacao', { orderId: order.id }, { masked: false })));
    for (const expected of ['LISTA DE SEPARAÇÃO', 'Pedido #1010', 'ENTREGAR A', 'Maria da Silva', 'Avenida Paulista, 1000 — Apto 42 — Bela Vista', 'São Paulo/SP', 'CEP 01310-100', 'Caneca Esmaltada', 'Camiseta Algodão Orgânico', '3 unidades em 2 itens']) {
      expect(text).toContain(expected);
    }
  });

  it('a pickup order gets a packing slip too, marked for pickup', async () => {
    const order = await orderWithItems(1011, { method: 'pickup' });
    const [text] = await pdfPagesText(await pdfOf(await shippingDocuments('separacao', { orderId: order.id }, { masked: true })));
    expect(text).toContain('RETIRADA NA LOJA');
    expect(text).toContain('Maria d. S.');
    expect(text).not.toContain('Maria da Silva');
  });
});
