import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { digitalAccess, orderItems, productDigital } from '@/db/schema';
import { ebookPdf } from '@/db/seed-ebook';
import { saveDigitalContent } from '@/lib/digital/product-digital';
import { ebookOrder, linkToken } from '@/test/digital/orders';
import { prepareDatabase, productIdBySlug } from '@/test/payments/db';
import { GET, HEAD } from './route';

beforeAll(prepareDatabase);

const call = (token: string) => GET(new Request(`http://localhost/d/${token}`), { params: Promise.resolve({ token }) });

describe('GET /d/<token>', () => {
  it('a file: an attachment with its name, type and length, never cached; its bytes streamed whole', async () => {
    const { order, itemId } = await ebookOrder();
    const res = await call(linkToken(order.id, itemId, order.paidAt!));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="guia-do-cafe-coado.pdf"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
    expect(body.equals(Buffer.from(await ebookPdf()))).toBe(true);
  });

  it('a HEAD (a link preview) is not a use', async () => {
    const { order, itemId } = await ebookOrder();
    expect(HEAD().status).toBe(200);
    expect(await database().db.select().from(digitalAccess).where(eq(digitalAccess.orderItemId, itemId))).toEqual([]);
    expect((await call(linkToken(order.id, itemId, order.paidAt!))).status).toBe(200);
  });

  it('refusals say why, in Portuguese, as text', async () => {
    const res = await call('12.0.1.nope');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Este link de acesso não é válido.\n');
    const { order, itemId } = await ebookOrder({ status: 'pending' });
    const unpaid = await call(linkToken(order.id, itemId, new Date().toISOString()));
    expect(unpaid.status).toBe(403);
  });

  it('a link is followed (303) and a text shown as plain text', async () => {
    const productId = await productIdBySlug('adesivo-balcao');
    await saveDigitalContent(productId, { kind: 'link', url: 'https://curso.example.com/aula-1' });
    const { order, itemId } = await ebookOrder();
    // Point the line at the product that is now a link.
    await database().db.update(orderItems).set({ productId }).where(eq(orderItems.id, itemId));
    const link = await call(linkToken(order.id, itemId, order.paidAt!));
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe('https://curso.example.com/aula-1');
    await saveDigitalContent(productId, { kind: 'text', text: 'Código: CAFE-2026' });
    const text = await call(linkToken(order.id, itemId, order.paidAt!));
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await text.text()).toBe('Código: CAFE-2026\n');
    await database().db.delete(productDigital).where(eq(productDigital.productId, productId));
  });
});
