/**
 * A cycle's charge by WhatsApp: the consent ticked at /assinar is kept on the subscription, and
 * every cycle's order carries it, so the charge (Pix code or boleto line) goes through the
 * WhatsApp outbox beside the e-mail; without it, nothing goes by WhatsApp.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversations } from '@balcao/whatsapp-sandbox';
import { database } from '@/db';
import { orders, payments, rateLimitCounters, subscriptions, whatsappOutbox } from '@/db/schema';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { whatsappKey } from '@/lib/whatsapp/enqueue';
import { whatsappSandbox } from '@/lib/whatsapp/sandbox';
import { drainWhatsapp } from '@/lib/whatsapp/sender';
import { saveWhatsappSettings } from '@/lib/whatsapp/settings';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase } from '@/test/payments/db';
import { TEST_ADDRESS } from '@/test/payments/place';
import { at, cyclesOf, payCycle, subscribableProduct, subscriptionRow } from '@/test/subscriptions/fixtures';
import { products } from '@/db/schema';
import { runCyclePass } from './cycles';
import { submitSubscription } from './subscribe-form';

let fake: FakePaymentProvider;
beforeAll(prepareDatabase);
beforeEach(async () => {
  fake = new FakePaymentProvider();
  startProcessContext([paymentProvider.provide(fake)]);
  await updateSettings({ ...DEFAULT_SETTINGS, pixDiscountBps: 0 });
  await saveWhatsappSettings({ enabled: true, phoneNumberId: '', businessAccountId: '', sendInstructions: true, sendPaid: true, sendShipped: true, sendCartReminder: false, sendReviewRequest: false });
  await database().db.delete(rateLimitCounters);
});
afterAll(() => startProcessContext());

async function subscribeByForm(phone: string, consent: boolean) {
  const product = await subscribableProduct({});
  const [{ slug }] = await database().db.select({ slug: products.slug }).from(products).where(eq(products.id, product.productId));
  const f = new FormData();
  const fields: Record<string, string> = {
    checkoutKey: crypto.randomUUID(), slug, variante: String(product.variantId), method: 'pix', shipping: 'delivery',
    name: 'Maria da Silva', document: '52998224725', email: `maria+${phone}@example.com`, phone, ...TEST_ADDRESS,
    ...(consent ? { whatsappConsent: 'on' } : {}),
  };
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  const r = await submitSubscription(f, `ip-${phone}`);
  if (!r || !r.ok) throw new Error(JSON.stringify(r));
  const [s] = await database().db.select().from(subscriptions).where(eq(subscriptions.buyerEmail, `maria+${phone}@example.com`));
  return s;
}

const cycleWhatsapp = async (orderId: string) => (await database().db.select().from(whatsappOutbox).where(eq(whatsappOutbox.dedupeKey, whatsappKey(orderId, 'instructions'))))[0];

describe('the cycle’s charge by WhatsApp', () => {
  it('consent at /assinar is recorded, and the next cycle’s Pix code goes by WhatsApp once', async () => {
    const s = await subscribeByForm('11987651001', true);
    expect(s.whatsappConsent).toBe(true);
    expect(s.whatsappConsentAt).not.toBeNull();
    await payCycle(fake, s.id, 0);
    const created = (await subscriptionRow(s.id)).nextCreateOn;
    await runCyclePass({ now: at(created) });
    await runCyclePass({ now: at(created) });
    const [, c1] = await cyclesOf(s.id);
    expect(c1.status).toBe('open');
    const [order] = await database().db.select().from(orders).where(eq(orders.id, c1.orderId!));
    expect(order.whatsappConsent).toBe(true);
    expect(await cycleWhatsapp(order.id)).toMatchObject({ status: 'pending', recipient: '+5511987651001' });
    expect((await database().db.select().from(whatsappOutbox).where(and(eq(whatsappOutbox.orderId, order.id)))).length).toBe(1);

    await drainWhatsapp({ keys: [whatsappKey(order.id, 'instructions')] });
    expect(await cycleWhatsapp(order.id)).toMatchObject({ status: 'sent' });
    const [payment] = await database().db.select().from(payments).where(eq(payments.orderId, order.id));
    const convo = conversations(whatsappSandbox()).find((c) => c.peer === '5511987651001')!;
    expect(convo.messages.at(-1)!.text).toContain(payment.pixCode!);
  });

  it('without the consent, the cycle’s charge goes by e-mail only', async () => {
    const s = await subscribeByForm('11987651002', false);
    expect(s.whatsappConsent).toBe(false);
    await payCycle(fake, s.id, 0);
    const created = (await subscriptionRow(s.id)).nextCreateOn;
    await runCyclePass({ now: at(created) });
    const [, c1] = await cyclesOf(s.id);
    expect(await cycleWhatsapp(c1.orderId!)).toBeUndefined();
  });
});
