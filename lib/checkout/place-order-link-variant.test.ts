import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orderItems, orders, productVariants } from '@/db/schema';
import { saveOptions, saveVariantGrid, variantsForEdit } from '@/lib/catalog/variant-admin';
import { createLink } from '@/lib/links/links';
import type { NewLink } from '@/lib/links/link-form';
import { LINK_VARIANT_SOLD_OUT, resolveLinkVariant, VARIANT_NOT_FOUND } from '@/lib/links/link-variant';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { insertProduct } from '@/test/catalog/products';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase, VALID_CPF } from '@/test/payments/db';
import { placeOrder, type LinkOrderInput } from './place-order';

beforeAll(prepareDatabase);
beforeEach(() => startProcessContext([paymentProvider.provide(new FakePaymentProvider())]));
afterAll(() => startProcessContext());

const link: NewLink = { title: 'Camiseta combinada no WhatsApp', description: null, amountCents: 5500, minAmountCents: null, methods: 'both', pixDiscount: false, expiresOn: null, maxPayments: null };
const input = (linkId: string): LinkOrderInput => ({ checkoutKey: randomUUID(), method: 'pix', link: { id: linkId }, buyer: { name: 'Ana Souza', document: VALID_CPF, email: 'ana@example.com' } });

describe('a payment link that names a variant', () => {
  it("its order line names the variant (product, variant, SKU, the whole name) at the link's price, and takes the variant's stock; sold out, it refuses", async () => {
    const slug = `camiseta-link-${randomUUID().slice(0, 8)}`;
    const productId = await insertProduct({ slug, name: 'Camiseta básica', description: '', priceCents: 4990, imagePath: '', active: true, requiresShipping: false, stock: 1 });
    await saveOptions(productId, [{ name: 'Tamanho', values: 'P, M' }]);
    const [p, m] = (await variantsForEdit(productId)).variants;
    const sku = `LINK-M-${productId}`;
    const grid = (v: typeof p, stock: number, over: { sku?: string } = {}) => ({ id: v.id, sku: over.sku ?? null, priceCents: null, stock, stockShown: v.stock, weightGrams: null, heightCm: null, widthCm: null, lengthCm: null, active: true });
    expect(await saveVariantGrid(productId, [grid(p, 5), grid(m, 1, { sku })])).toMatchObject({ ok: true });

    // The form names it by SKU (any case) or id; an unknown SKU is refused next to the field.
    expect(await resolveLinkVariant(sku.toLowerCase())).toEqual({ ok: true, variantId: m.id });
    expect(await resolveLinkVariant(String(m.id))).toEqual({ ok: true, variantId: m.id });
    expect(await resolveLinkVariant('NAO-EXISTE')).toEqual({ ok: false, error: VARIANT_NOT_FOUND });

    const created = await createLink({ ...link, variantId: m.id }, 'demo@balcao.dev');
    expect(created.variantId).toBe(m.id);
    const placed = await placeOrder(input(created.id));
    if (!placed.ok) throw new Error(placed.error);
    const [order] = await database().db.select().from(orders).where(eq(orders.token, placed.orderToken));
    const items = await database().db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(order).toMatchObject({ paymentLinkId: created.id, totalCents: 5500 });
    expect(items).toEqual([expect.objectContaining({ productId, variantId: m.id, sku, variantName: 'M', name: 'Camiseta básica — M', unitPriceCents: 5500, quantity: 1 })]);
    const [after] = await database().db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, m.id));
    expect(after.stock).toBe(0);

    // The last unit is gone: the next buyer is told, and nothing is placed.
    const again = await placeOrder({ ...input(created.id), buyer: { name: 'Bia Lima', document: '39053344705', email: 'bia@example.com' } });
    expect(again).toMatchObject({ ok: false, error: LINK_VARIANT_SOLD_OUT });
    expect((await database().db.select().from(orders).where(eq(orders.paymentLinkId, created.id))).length).toBe(1);

    // A variant taken off sale: the link refuses like a sold-out link.
    await database().db.update(productVariants).set({ active: false }).where(eq(productVariants.id, m.id));
    expect(await placeOrder(input(created.id))).toMatchObject({ ok: false, error: LINK_VARIANT_SOLD_OUT });
  });
});
