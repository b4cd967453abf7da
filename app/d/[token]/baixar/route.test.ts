import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { digitalAccess, orderItems, orders, productDigital } from '@/db/schema';
import { ebookPdf } from '@/db/seed-ebook';
import { saveDigitalContent } from '@/lib/digital/product-digital';
import { previewDigitalAccess, resumeDigitalSession } from '@/lib/fulfilment/digital-access';
import { ebookOrder, linkToken } from '@/test/digital/orders';
import { prepareDatabase, productIdBySlug } from '@/test/payments/db';
import { GET, HEAD, POST } from './route';

beforeAll(prepareDatabase);

const BASE = 'http://localhost:3000';
const ctx = (token: string) => ({ params: Promise.resolve({ token }) });
const press = (token: string, origin = BASE) => POST(new Request(`${BASE}/d/${token}/baixar`, { method: 'POST', headers: { origin, host: 'localhost:3000' } }), ctx(token));
const fetchIn = (token: string, location: string, headers: Record<string, string> = {}, method = 'GET') =>
  (method === 'HEAD' ? HEAD : GET)(new Request(new URL(location, BASE), { method, headers }), ctx(token));
const usesOf = async (itemId: number) => (await database().db.select().from(digitalAccess).where(eq(digitalAccess.orderItemId, itemId)))[0]?.uses ?? 0;

/** A paid e-book order, "Baixar" pressed once: its token, line and download session's address. */
async function pressed() {
  const { order, itemId } = await ebookOrder();
  const token = linkToken(order.id, itemId, order.paidAt!);
  const res = await press(token);
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  expect(location).toMatch(new RegExp(`^/d/${token.replace(/\./g, '\\.')}/baixar\\?sessao=1\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
  return { order, itemId, token, location };
}

describe('the e-mail link: opening it spends nothing', () => {
  it("a mail scanner's GET of the link, of the button's address without a session, or a HEAD: no use, nothing delivered", async () => {
    const { order, itemId } = await ebookOrder();
    const token = linkToken(order.id, itemId, order.paidAt!);
    // The link's page reads the access only.
    expect(await previewDigitalAccess(token)).toMatchObject({ ok: true, name: 'E-book: Guia do café coado', kind: 'file', fileLabel: 'PDF', usesLeft: 5 });
    expect(await previewDigitalAccess(token)).toMatchObject({ ok: true, usesLeft: 5 });
    for (const method of ['GET', 'HEAD']) {
      const res = await fetchIn(token, `/d/${token}/baixar`, {}, method);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/d/${token}`);
    }
    expect(await usesOf(itemId)).toBe(0);
    expect((await database().db.select({ f: orders.fulfillmentStatus }).from(orders).where(eq(orders.id, order.id)))[0]!.f).toBe('unfulfilled');
  });

  it('the button (a POST) is the use; a POST from another site is refused and spends nothing', async () => {
    const { order, itemId } = await ebookOrder();
    const token = linkToken(order.id, itemId, order.paidAt!);
    expect((await press(token, 'https://evil.example')).status).toBe(403);
    expect(await usesOf(itemId)).toBe(0);
    expect((await press(token)).status).toBe(303);
    expect(await usesOf(itemId)).toBe(1);
    expect(await previewDigitalAccess(token)).toMatchObject({ ok: true, usesLeft: 4 });
  });

  it('a refused press goes back to the page, which says why', async () => {
    const { order, itemId } = await ebookOrder({ status: 'pending' });
    const token = linkToken(order.id, itemId, new Date().toISOString());
    const res = await press(token);
    expect(res.headers.get('location')).toBe(`/d/${token}`);
    expect(await previewDigitalAccess(token)).toEqual({ ok: false, status: 403, error: 'O acesso é liberado quando o pagamento do pedido é confirmado.' });
    expect(await previewDigitalAccess('12.0.1.nope')).toEqual({ ok: false, status: 404, error: 'Este link de acesso não é válido.' });
  });
});

describe('the download session: the file whole or in ranges, one use', () => {
  it('whole: an attachment with its name, type, length and validators, never cached, byte for byte', async () => {
    const { token, location } = await pressed();
    const res = await fetchIn(token, location);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="guia-do-cafe-coado.pdf"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^"f\d+-\d+"$/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
    expect(body.equals(Buffer.from(await ebookPdf()))).toBe(true);
  });

  it('a player seeking: 206 with Content-Range for each range, 416 past the end, HEAD with no body — all within the one use', async () => {
    const { itemId, token, location } = await pressed();
    const pdf = Buffer.from(await ebookPdf());
    const size = pdf.byteLength;

    const first = await fetchIn(token, location, { range: 'bytes=0-99' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(first.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await first.arrayBuffer()).equals(pdf.subarray(0, 100))).toBe(true);

    const etag = first.headers.get('etag')!;
    const resumed = await fetchIn(token, location, { range: 'bytes=100-', 'if-range': etag });
    expect(resumed.status).toBe(206);
    expect(resumed.headers.get('content-range')).toBe(`bytes 100-${size - 1}/${size}`);
    expect(Buffer.from(await resumed.arrayBuffer()).equals(pdf.subarray(100))).toBe(true);

    const tail = await fetchIn(token, location, { range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(pdf.subarray(size - 10))).toBe(true);

    // The file changed since the first part (another validator): the whole file again.
    const changed = await fetchIn(token, location, { range: 'bytes=100-', 'if-range': '"f0-1"' });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('content-length')).toBe(String(size));
    await changed.body?.cancel();

    const past = await fetchIn(token, location, { range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);

    const head = await fetchIn(token, location, { range: 'bytes=0-1' }, 'HEAD');
    expect(head.status).toBe(206);
    expect(head.body).toBeNull();

    for (let i = 0; i < 10; i++) expect((await fetchIn(token, location, { range: `bytes=${i * 50}-${i * 50 + 49}` })).status).toBe(206);
    expect(await usesOf(itemId)).toBe(1);
  });

  it('a refund, a revocation or a renewal ends a session at once; 6 hours end it too; a forged session is refused', async () => {
    const { order, itemId, token, location } = await pressed();
    const session = new URL(location, BASE).searchParams.get('sessao')!;
    expect(await resumeDigitalSession(token, session)).toMatchObject({ ok: true, kind: 'file' });
    expect(await resumeDigitalSession(token, session, new Date(Date.now() + 6 * 3600_000 + 1000))).toMatchObject({ ok: false, status: 410, error: expect.stringContaining('terminou') });
    expect(await resumeDigitalSession(token, session.replace(/^1\./, '2.'))).toMatchObject({ ok: false, status: 404 });
    const other = await pressed();
    expect(await resumeDigitalSession(other.token, session)).toMatchObject({ ok: false, status: 404 });

    await database().db.update(orders).set({ status: 'refunded', refundedCents: order.totalCents }).where(eq(orders.id, order.id));
    const refused = await fetchIn(token, location);
    expect(refused.status).toBe(410);
    expect(await refused.text()).toBe('O pedido foi reembolsado: o acesso ao produto foi encerrado.\n');
    expect(await usesOf(itemId)).toBe(1);
  });

  it('a link or a text: the press goes to the page, which shows it in the session', async () => {
    const productId = await productIdBySlug('adesivo-balcao');
    await saveDigitalContent(productId, { kind: 'link', url: 'https://curso.example.com/aula-1' });
    const { order, itemId } = await ebookOrder();
    await database().db.update(orderItems).set({ productId }).where(eq(orderItems.id, itemId));
    const token = linkToken(order.id, itemId, order.paidAt!);
    const res = await press(token);
    const location = res.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/d/${token.replace(/\./g, '\\.')}\\?sessao=`));
    const session = new URL(location, BASE).searchParams.get('sessao')!;
    expect(await resumeDigitalSession(token, session)).toMatchObject({ ok: true, kind: 'link', url: 'https://curso.example.com/aula-1' });
    // The session's file address sends a link's session back to the page.
    expect((await fetchIn(token, `/d/${token}/baixar?sessao=${session}`)).headers.get('location')).toBe(location);
    await saveDigitalContent(productId, { kind: 'text', text: 'Código: CAFE-2026' });
    expect(await resumeDigitalSession(token, session)).toMatchObject({ ok: true, kind: 'text', text: 'Código: CAFE-2026' });
    expect(await usesOf(itemId)).toBe(1);
    await database().db.delete(productDigital).where(eq(productDigital.productId, productId));
  });
});
