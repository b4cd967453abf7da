/**
 * The reminder as sent, loaded from a real SQLite file: each path's words, the product photos a
 * payment link or an API session's lines have, the link's amount now, and the step's coupon only
 * where that checkout takes one (a link that accepts coupons, never a session).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { abandonedCheckoutSettings, checkoutDrafts, coupons, paymentLinks } from '@/db/schema';
import { createLink } from '@/lib/links/links';
import type { NewLink } from '@/lib/links/link-form';
import { prepareDatabase } from '@/test/payments/db';
import { insertProduct, insertProductWithVariants } from '@/test/catalog/products';
import { loadCartReminderEmail } from './cart-reminder';

const LINK: NewLink = { title: 'Aula de cerâmica', description: null, amountCents: 12000, minAmountCents: null, methods: 'both', pixDiscount: false, expiresOn: null, maxPayments: null };

beforeAll(async () => {
  await prepareDatabase();
  await database().db.insert(coupons).values({ id: randomUUID(), code: 'VOLTA10', kind: 'percent', value: 1000 });
  await database()
    .db.insert(abandonedCheckoutSettings)
    .values({ id: 1, step1On: true, step1Minutes: 60, step2On: true, step2Minutes: 120, step2Coupon: 'VOLTA10', step3On: false, step3Minutes: 4320, step3Coupon: null });
});

async function draft(source: 'cart' | 'link' | 'session', sourceRef: string | null, lines: unknown[], totalCents: number): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await database()
    .db.insert(checkoutDrafts)
    .values({ id, cookieHash: randomUUID(), source, sourceRef, email: `c-${id.slice(0, 6)}@exemplo.com.br`, lines: JSON.stringify(lines), totalCents, createdAt: at, updatedAt: at });
  return id;
}

async function mail(draftId: string, step: number) {
  const [d] = await database().db.select().from(checkoutDrafts).where(eq(checkoutDrafts.id, draftId));
  const loaded = await loadCartReminderEmail({ dedupeKey: `draft:${draftId}:reminder:${step}`, recipient: d.email! });
  if ('skip' in loaded) throw new Error(loaded.skip);
  return loaded.rendered;
}

describe('the reminder as sent, per path', () => {
  it('a payment link that sells a variant: its words, its product’s photo, today’s amount; the coupon only when the link takes one', async () => {
    const { variantIds } = await insertProductWithVariants(
      { slug: `camiseta-${randomUUID().slice(0, 6)}`, name: 'Camiseta', description: '', priceCents: 5000, imagePath: '/images/camiseta.webp', active: true },
      [{ name: 'Tamanho', values: ['P'] }],
      [{ values: ['P'], stock: 5 }],
    );
    const link = await createLink({ ...LINK, title: 'Camiseta P', amountCents: 5000 }, 'demo@balcao.dev');
    await database().db.update(paymentLinks).set({ variantId: variantIds[0] }).where(eq(paymentLinks.id, link.id));
    const id = await draft('link', link.code, [{ productId: null, quantity: 1, unitCents: 4500, name: 'Camiseta P' }], 4500);

    const m = await mail(id, 2);
    expect(m.subject).toContain('Seu pagamento ficou pela metade');
    expect(m.text).toContain('Você começou o pagamento de “Camiseta P” de R$ 50,00');
    expect(m.html).toMatch(/<img src="https?:\/\/[^"]+\/images\/camiseta\.webp"/);
    // The link does not take coupons: promising one would fail at its checkout.
    expect(m.text).not.toContain('VOLTA10');
    expect(m.text.toLowerCase()).not.toContain('carrinho');

    await database().db.update(paymentLinks).set({ allowCoupons: true }).where(eq(paymentLinks.id, link.id));
    expect((await mail(id, 2)).text).toContain('Cupom: VOLTA10');
  });

  it('a payment link without a product and an amount the buyer types: the amount typed, no photo', async () => {
    const link = await createLink({ ...LINK, title: 'Doação', amountCents: null, minAmountCents: 1000 }, 'demo@balcao.dev');
    const id = await draft('link', link.code, [{ productId: null, quantity: 1, unitCents: 7550, name: 'Doação' }], 7550);
    const m = await mail(id, 1);
    expect(m.text).toContain('Você começou o pagamento de “Doação” de R$ 75,50');
    expect(m.html).not.toContain('<img');
  });

  it('an API session: its lines as priced, the photo of a catalog product’s line, never a coupon', async () => {
    const productId = await insertProduct({ slug: `caneca-${randomUUID().slice(0, 6)}`, name: 'Caneca', description: '', priceCents: 3990, imagePath: '/images/caneca.webp', active: true, stock: 5 });
    const id = await draft(
      'session',
      `cs_${randomUUID().replace(/-/g, '')}`,
      [
        { productId: null, quantity: 2, unitCents: 4990, name: 'Mentoria' },
        { productId, quantity: 1, unitCents: 3500, name: 'Caneca' },
      ],
      13480,
    );
    const m = await mail(id, 2);
    expect(m.subject).toContain('Sua compra está esperando');
    expect(m.text).toContain('2 × Mentoria: R$ 99,80');
    expect(m.text).toContain('1 × Caneca: R$ 35,00');
    expect(m.text).toContain('Total: R$ 134,80');
    expect(m.html.match(/<img src="https?:\/\/[^"]+\/images\/caneca\.webp"/g)).toHaveLength(1);
    expect(m.text).not.toContain('VOLTA10');
    expect(m.text.toLowerCase()).not.toContain('carrinho');
  });

  it('a cart: the cart’s words as before, the photos at today’s prices, the coupon', async () => {
    const productId = await insertProduct({ slug: `coador-${randomUUID().slice(0, 6)}`, name: 'Coador', description: '', priceCents: 2500, imagePath: '/images/coador.webp', active: true, stock: 5 });
    const id = await draft('cart', null, [{ productId, quantity: 2, unitCents: 2000, name: 'Coador' }], 4000);
    const m = await mail(id, 2);
    expect(m.subject).toContain('Seu carrinho está esperando');
    expect(m.text).toContain('2 × Coador: R$ 50,00');
    expect(m.html).toMatch(/<img src="https?:\/\/[^"]+\/images\/coador\.webp"/);
    expect(m.text).toContain('Cupom: VOLTA10');

    // A coupon the checkout would refuse today (checkCoupon) is not promised: switched off, before
    // or after its days, used up, or above this total.
    await database().db.update(coupons).set({ minSubtotalCents: 6000 }).where(eq(coupons.code, 'VOLTA10'));
    expect((await mail(id, 2)).text).not.toContain('VOLTA10');
    await database().db.update(coupons).set({ minSubtotalCents: 0, disabledAt: new Date().toISOString() }).where(eq(coupons.code, 'VOLTA10'));
    expect((await mail(id, 2)).text).not.toContain('VOLTA10');
    await database().db.update(coupons).set({ disabledAt: null, endsOn: '2020-01-01' }).where(eq(coupons.code, 'VOLTA10'));
    expect((await mail(id, 2)).text).not.toContain('VOLTA10');
    await database().db.update(coupons).set({ endsOn: null, startsOn: '2999-01-01' }).where(eq(coupons.code, 'VOLTA10'));
    expect((await mail(id, 2)).text).not.toContain('VOLTA10');
    await database().db.update(coupons).set({ startsOn: null, maxUses: 3, usesCount: 3 }).where(eq(coupons.code, 'VOLTA10'));
    expect((await mail(id, 2)).text).not.toContain('VOLTA10');
    await database().db.update(coupons).set({ usesCount: 2 }).where(eq(coupons.code, 'VOLTA10'));
    expect((await mail(id, 2)).text).toContain('Cupom: VOLTA10');
    await database().db.update(coupons).set({ maxUses: null, usesCount: 0 }).where(eq(coupons.code, 'VOLTA10'));
  });
});
