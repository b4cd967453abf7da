import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { orderLabel } from '@/lib/orders/format';
import { melhorEnvio } from '@/lib/shipping/melhor-envio';
import { clearOrders, prepareDatabase } from '@/test/payments/db';
import { fulfilmentOrder } from '@/test/fulfilment/orders';
import { enableCarrier } from '@/test/fulfilment/carrier';
import { startCarrierServer } from '@/test/shipping/carrier-server';
import { buyLabelsForOrders, labelPdfOf, labelsPdfOf } from './labels';

const ACTOR = { id: 1, email: 'loja@example.com' };
let carrier: Awaited<ReturnType<typeof startCarrierServer>>;

beforeAll(async () => {
  // The shop reaches the carrier at MELHOR_ENVIO_URL (read on env()'s first use, below).
  carrier = await startCarrierServer();
  process.env.MELHOR_ENVIO_URL = carrier.url;
  await prepareDatabase();
  await enableCarrier();
  await clearOrders();
});
afterAll(() => carrier.close());

/** A paid order that ships to Rio by SEDEX (service 2). */
async function sedexOrder() {
  const { order } = await fulfilmentOrder();
  await database()
    .db.update(orders)
    .set({ deliveryZip: '20040002', deliveryStreet: 'Avenida Rio Branco', deliveryNumber: '10', deliveryNeighborhood: 'Centro', deliveryCity: 'Rio de Janeiro', deliveryState: 'RJ', shippingCents: 3000, shippingPricedBy: 'carrier', shippingServiceId: 2, shippingServiceName: 'SEDEX' })
    .where(eq(orders.id, order.id));
  return order;
}

describe('labelsPdfOf ("Imprimir etiquetas" for a selection)', () => {
  it("puts the selection's labels in one PDF, in its order, and names the orders without one", async () => {
    const [a, b, none] = [await sedexOrder(), await sedexOrder(), await sedexOrder()];
    const client = melhorEnvio({ baseUrl: carrier.url, token: 'sandbox', userAgent: 'test', timeoutMs: 5000 });
    expect((await buyLabelsForOrders([a.id, b.id], { actor: ACTOR, client })).every((r) => r.ok)).toBe(true);

    const result = await labelsPdfOf([b.id, none.id, a.id]);
    if (!result.ok) throw new Error(result.error);
    expect(result.count).toBe(2);
    expect(result.missing).toEqual([orderLabel(none)]);
    // The pages are each order's own label, b's then a's.
    const pagesOf = async (id: string) => {
      const single = await labelPdfOf(id);
      if (!single.ok) throw new Error(single.error);
      return (await PDFDocument.load(single.pdf)).getPageCount();
    };
    expect((await PDFDocument.load(result.pdf)).getPageCount()).toBe((await pagesOf(b.id)) + (await pagesOf(a.id)));
    expect(await labelPdfOf(none.id)).toMatchObject({ ok: false, status: 409 });
  });

  it('refuses a selection where no order has a label yet', async () => {
    const none = await sedexOrder();
    expect(await labelsPdfOf([none.id])).toEqual({ ok: false, status: 409, error: 'Nenhum dos pedidos selecionados tem etiqueta: use "Comprar etiquetas".' });
  });
});
