/** "Origem": the order keeps where its buyer came from, cleaned, from the cookie or a link's own UTM. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { paymentProvider } from '@/lib/payments/provider';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase, VALID_CPF } from '@/test/payments/db';
import type { NewLink } from '@/lib/links/link-form';
import { createLink } from '@/lib/links/links';
import { startProcessContext } from '@/lib/process/context';
import { placeOrder } from './place-order';
import { payLink } from './pay-link';
import { formData as form } from '@/test/form-data';

const base: NewLink = { title: 'Guia', description: null, amountCents: 5000, minAmountCents: null, methods: 'both', pixDiscount: false, expiresOn: null, maxPayments: null };

beforeAll(async () => {
  await prepareDatabase();
});
beforeEach(() => startProcessContext([paymentProvider.provide(new FakePaymentProvider())]));
afterAll(() => startProcessContext());

async function orderOf(token: string) {
  return (await database().db.select().from(orders).where(eq(orders.token, token)))[0];
}
const buyer = { name: 'Ana Souza', document: VALID_CPF, email: 'ana@example.com' };

const pixForm = (over: Record<string, string> = {}) => form({ checkoutKey: randomUUID(), method: 'pix', name: 'Ana Souza', document: '529.982.247-25', email: 'ana@exemplo.com.br', ...over });

describe('placeOrder keeps the origin', () => {
  it('stores each tag, cleaned again (whatever the caller passes)', async () => {
    const link = await createLink(base, 'demo@balcao.dev');
    const r = await placeOrder(
      { checkoutKey: randomUUID(), method: 'pix', link: { id: link.id }, buyer },
      { origin: { source: 'Instagram', medium: 'social', campaign: 'black-friday<script>', content: 'reels', referrer: 'l.instagram.com', fbclid: 'IwAR_1', gclid: 'bad id' } },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(await orderOf(r.orderToken)).toMatchObject({
      originSource: 'instagram',
      originMedium: 'social',
      originCampaign: 'black-friday' + 'script',
      originContent: 'reels',
      originReferrer: 'l.instagram.com',
      originFbclid: 'IwAR_1',
      originGclid: null,
    });
  });

  it('groups on the referring host when no utm_source came, and stores nothing without an origin', async () => {
    const link = await createLink(base, 'demo@balcao.dev');
    const byHost = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', link: { id: link.id }, buyer }, { origin: { referrer: 'google.com' } });
    const none = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', link: { id: link.id }, buyer });
    expect(byHost.ok && none.ok).toBe(true);
    if (!byHost.ok || !none.ok) return;
    expect(await orderOf(byHost.orderToken)).toMatchObject({ originSource: 'google.com', originReferrer: 'google.com', originCampaign: null });
    expect(await orderOf(none.orderToken)).toMatchObject({ originSource: null, originReferrer: null });
  });
});

describe("payLink: the link's own UTM", () => {
  it("wins over the shop's first-touch cookie for this sale", async () => {
    const link = await createLink(base, 'demo@balcao.dev');
    const r = await payLink(link.code, pixForm({ utm_source: 'whatsapp', utm_campaign: 'natal' }), { ip: '10.0.0.9', origin: { source: 'instagram', campaign: 'bf' } });
    expect(r.ok).toBe(true);
    if (r.ok) expect(await orderOf(r.orderToken)).toMatchObject({ originSource: 'whatsapp', originCampaign: 'natal' });
  });

  it('falls back on the cookie when the link was opened untagged', async () => {
    const link = await createLink(base, 'demo@balcao.dev');
    const r = await payLink(link.code, pixForm(), { ip: '10.0.0.9', origin: { source: 'instagram', campaign: 'bf' } });
    expect(r.ok).toBe(true);
    if (r.ok) expect(await orderOf(r.orderToken)).toMatchObject({ originSource: 'instagram', originCampaign: 'bf' });
  });
});
