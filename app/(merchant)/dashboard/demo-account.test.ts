/**
 * The demonstration account (role 'demo', a public demo's shared login) posting every action
 * it may not use by hand, past the disabled forms: each is refused on the server and nothing
 * changes. It may still act on orders, and sees buyers masked in the CSV.
 */
import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, ensureMigrated } from '@/db';
import { emailSettings, merchantSettings, orderInvoices, orders, paymentLinks, products, shippingSettings, users } from '@/db/schema';
import { env } from '@/lib/config/env';
import { insertOrders, type InsertedOrder } from '@/test/dashboard/fixtures';
import { createLink } from '@/lib/links/links';
import { pdfPagesText } from '@/test/fulfilment/pdf-text';
import { formData as fd } from '@/test/form-data';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies, set: () => {} }) }));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error('NEXT_REDIRECT'), { digest: `NEXT_REDIRECT;replace;${to};307;` });
  },
}));
const payments = vi.hoisted(() => ({
  cancelOrderPayment: vi.fn(async () => ({ ok: true as const, message: 'Cobrança cancelada.' })),
  refundOrderPayment: vi.fn(async () => ({ ok: true as const, message: 'Reembolso solicitado.' })),
}));
vi.mock('@/lib/payments/merchant-actions', () => payments);
const resend = vi.hoisted(() => ({ resendInstructions: vi.fn(async () => ({ ok: true as const, message: 'E-mail na fila.' })) }));
vi.mock('@/lib/payments/resend-instructions', () => resend);

const orderActions = await import('./actions');
const emailActions = await import('./email-actions');
const shippingActions = await import('./settings/shipping/actions');
const productActions = await import('./produtos/actions');
const linkActions = await import('./links/actions');
const upload = await import('../../api/dashboard/products/[id]/photos/route');
const exportCsv = await import('./orders/export/route');
const documentsPdf = await import('./orders/documents/route');
const fulfilmentActions = await import('./fulfilment-actions');
const bulkActions = await import('./bulk-actions');
const buyerActions = await import('./settings/comprador/actions');
const buyerExport = await import('./settings/comprador/export/route');

let order: InsertedOrder;
let productId: number;
let linkId: string;
let demoId: number;

beforeAll(async () => {
  await ensureMigrated();
  await db().insert(merchantSettings).values({ id: 1 }).onConflictDoNothing();
  const [u] = await db().insert(users).values({ email: 'demonstracao@balcao.dev', name: 'Loja Demonstração', passwordHash: 'x', role: 'demo' }).returning();
  demoId = u.id;
  const cookie = await encode({ token: { sub: String(u.id), sv: 0 }, secret: env().authSecret });
  jar.cookies = [{ name: 'next-auth.session-token', value: cookie }];
  [order] = await insertOrders([{ status: 'paid', method: 'pix', totalCents: 5000, buyerName: 'Bruno de Lima', buyerDocument: '52998224725', buyerEmail: 'bruno.lima@gmail.com' }]);
  const [p] = await db().insert(products).values({ slug: 'alvo-da-demo', name: 'Alvo', description: '', priceCents: 1000, imagePath: '' }).returning();
  productId = p.id;
  linkId = (await createLink({ title: 'Bolo', description: null, amountCents: 15000, minAmountCents: null, methods: 'both', pixDiscount: false, expiresOn: null, maxPayments: null } as never, 'dono@balcao.dev')).id;
});
beforeEach(() => vi.clearAllMocks());

const snapshot = async () => ({
  settings: await db().select().from(merchantSettings),
  email: await db().select().from(emailSettings),
  shipping: await db().select().from(shippingSettings),
  products: await db().select().from(products),
  links: await db().select().from(paymentLinks),
  user: await db().select().from(users).where(eq(users.id, demoId)),
  invoices: await db().select().from(orderInvoices),
  buyers: await db().select({ name: orders.buyerName, document: orders.buyerDocument, email: orders.buyerEmail }).from(orders),
});

describe('posted by hand, every change to the shop is refused', () => {
  it.each([
    ['saveSettingsAction', 'não pode alterar as configurações de pagamento', () => orderActions.saveSettingsAction(null, fd({ boletoFinePercent: '5', boletoInterestPercent: '1', boletoGraceDays: '2', boletoDueDays: '2', pixExpirationDays: '2', pixDiscountBps: '10' }))],
    ['saveShippingAction', 'não pode alterar as configurações', () => shippingActions.saveShippingAction(null, fd({ national: '99,00' }))],
    ['saveEmailSettingsAction', 'não pode alterar a loja', () => emailActions.saveEmailSettingsAction(null, fd({ replyTo: 'golpe@example.com' }))],
    ['resendInstructionsAction', 'não pode reenviar e-mails', () => emailActions.resendInstructionsAction(null, fd({ orderId: order.id }))],
    ['saveProductAction (new)', 'não pode alterar produtos nem fotos', () => productActions.saveProductAction(null, fd({ name: 'Invasor', price: '1,00' }))],
    ['saveProductAction (edit)', 'não pode alterar produtos nem fotos', () => productActions.saveProductAction(null, fd({ productId: String(productId), name: 'Trocado', price: '1,00' }))],
    ['removeProductAction', 'não pode alterar produtos nem fotos', () => productActions.removeProductAction(null, fd({ productId: String(productId) }))],
    ['restoreProductAction', 'não pode alterar produtos nem fotos', () => productActions.restoreProductAction(null, fd({ productId: String(productId) }))],
    ['removePhotoAction', 'não pode alterar produtos nem fotos', () => productActions.removePhotoAction(null, fd({ productId: String(productId), photoId: '1' }))],
    ['movePhotoAction', 'não pode alterar produtos nem fotos', () => productActions.movePhotoAction(null, fd({ productId: String(productId), photoId: '1', to: 'cover' }))],
    ['createLinkAction', 'não pode criar nem desativar links', () => linkActions.createLinkAction(null, fd({ title: 'Golpe', amountMode: 'fixed', amount: '150,00', methods: 'both' }))],
    ['disableLinkAction', 'não pode criar nem desativar links', () => linkActions.disableLinkAction(null, fd({ linkId }))],
    ['emitSelectedAction', 'não pode conectar o Bling, emitir NF-e em lote, cancelar NF-e nem baixar o XML da nota', () => bulkActions.emitSelectedAction(null, fd({ pedido: order.id }))],
    ['anonymiseBuyerAction', 'não pode anonimizar compradores', () => buyerActions.anonymiseBuyerAction(null, fd({ q: '52998224725' }))],
  ])('%s', async (_name, why, call) => {
    const before = await snapshot();
    expect(await call()).toMatchObject({ ok: false, error: `Conta de demonstração: ${why}.` });
    expect(await snapshot()).toEqual(before);
    expect(resend.resendInstructions).not.toHaveBeenCalled();
  });

  it("the buyer's data export answers 403: it would be the buyer's data whole", async () => {
    const res = await buyerExport.GET(new Request('http://localhost:3000/dashboard/settings/comprador/export?q=52998224725&format=json'));
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('Bruno');
  });

  it('the photo upload route answers 403 and stores nothing', async () => {
    const res = await upload.POST(
      new Request(`http://localhost:3000/api/dashboard/products/${productId}/photos`, {
        method: 'POST',
        body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
        headers: { origin: 'http://localhost:3000', host: 'localhost:3000', 'content-type': 'image/jpeg' },
      }),
      { params: Promise.resolve({ id: String(productId) }) },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ ok: false, error: 'Conta de demonstração: não pode alterar produtos nem fotos.' });
  });

  it('"Sair de todos os dispositivos" does not sign the other visitors out', async () => {
    await expect(orderActions.signOutEverywhereAction()).rejects.toThrow('NEXT_REDIRECT');
    const [u] = await db().select().from(users).where(eq(users.id, demoId));
    expect(u.sessionVersion).toBe(0);
  });
});

describe('what the demonstration account may do', () => {
  it('acts on orders: cancel and refund run', async () => {
    expect(await orderActions.cancelOrderAction(null, fd({ orderId: order.id }))).toMatchObject({ ok: true, message: 'Cobrança cancelada.' });
    expect(payments.cancelOrderPayment).toHaveBeenCalledWith(order.id, 'demonstracao@balcao.dev');
    expect(await orderActions.refundOrderAction(null, fd({ orderId: order.id, amount: '10,00', reason: '3', description: 'teste' }))).toMatchObject({ ok: true });
    expect(payments.refundOrderPayment).toHaveBeenCalled();
  });

  it('exports the CSV with every buyer masked', async () => {
    const res = await exportCsv.GET(new Request('http://localhost:3000/dashboard/orders/export'));
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).toContain('529.***.***-25');
    expect(csv).toContain('Bruno d. L.');
    expect(csv).toContain('b***@g***.com');
    expect(csv).not.toMatch(/529\.982\.247-25|52998224725|bruno\.lima|Bruno de Lima/);
  });

  it('may send a batch ("Enviar em lote" acts on orders): the report comes back through the envelope', async () => {
    await db().update(orders).set({ number: 4242, shippingMethod: 'delivery' }).where(eq(orders.id, order.id));
    const none = await fulfilmentActions.shipBatchAction(null, fd({ file: '' }));
    expect(none).toMatchObject({ ok: false, fieldErrors: { file: 'Escolha um arquivo CSV.' } });
    const form = new FormData();
    form.set('file', new File(['Pedido;Rastreio\n4242;AB123456785BR\n4243;AB123456785BR\n'], 'envios.csv', { type: 'text/csv' }));
    const r = await fulfilmentActions.shipBatchAction(null, form);
    expect(r).toMatchObject({ ok: true, message: '1 pedido marcado como enviado, 1 linha recusada.', fileName: 'envios.csv' });
    const report = r && 'report' in r ? r.report : null;
    expect(report?.refused).toEqual([{ line: 3, number: '#4243', code: 'AB123456785BR', message: 'Pedido #4243 não encontrado.' }]);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ fulfillmentStatus: 'shipped', trackingCode: 'AB123456785BR', fulfillmentBy: 'demonstracao@balcao.dev' });
  });

  it('prints the declaração de conteúdo with the buyer masked', async () => {
    await db()
      .update(orders)
      .set({ shippingMethod: 'delivery', deliveryZip: '01310100', deliveryStreet: 'Avenida Paulista', deliveryNumber: '1000', deliveryNeighborhood: 'Bela Vista', deliveryCity: 'São Paulo', deliveryState: 'SP' })
      .where(eq(orders.id, order.id));
    const res = await documentsPdf.GET(new Request(`http://localhost:3000/dashboard/orders/documents?kind=declaracao&order=${order.id}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [text] = await pdfPagesText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('Bruno d. L.');
    expect(text).toContain('529.***.***-25');
    expect(text).toContain('São Paulo');
    expect(text).not.toMatch(/529\.982\.247-25|Bruno de Lima|Avenida Paulista/);
  });
});
