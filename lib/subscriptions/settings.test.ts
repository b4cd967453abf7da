/**
 * Configurações → "Assinaturas": "Dias de antecedência" and "Tentativas" as the merchant sets
 * them, validated in the merchant's words, and followed by the cycle job (real SQLite file).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase } from '@/test/payments/db';
import { at, cyclesOf, expireCycle, JAN_31, newSubscription, payCycle, subscribableProduct, subscriptionRow } from '@/test/subscriptions/fixtures';
import { runCyclePass } from './cycles';
import { DEFAULT_SUBSCRIPTION_SETTINGS, parseSubscriptionSettings, readSubscriptionSettings, saveSubscriptionSettings } from './settings';

let fake: FakePaymentProvider;
beforeAll(prepareDatabase);
beforeEach(async () => {
  fake = new FakePaymentProvider();
  startProcessContext([paymentProvider.provide(fake)]);
  await updateSettings({ ...DEFAULT_SETTINGS, pixDiscountBps: 0 });
});
afterEach(() => saveSubscriptionSettings(DEFAULT_SUBSCRIPTION_SETTINGS));
afterAll(() => startProcessContext());

const form = (v: Record<string, string>) => new Map(Object.entries(v));

async function activeSubscription(method: 'pix' | 'boleto' = 'pix') {
  const s = await newSubscription(await subscribableProduct({}), { method });
  await payCycle(fake, s.id, 0);
  await runCyclePass({ now: JAN_31 });
  return subscriptionRow(s.id);
}

describe('the form', () => {
  it('defaults to 1 day for Pix, 3 for boleto, 3 tentativas', async () => {
    expect(await readSubscriptionSettings()).toEqual({ leadDays: { pix: 1, boleto: 3 }, maxUnpaidInRow: 3 });
  });

  it('refuses what is not a whole number in range, in Portuguese, field by field', () => {
    const r = parseSubscriptionSettings(form({ pix: '0', boleto: '2,5', tentativas: '' }));
    expect(r).toEqual({
      ok: false,
      fieldErrors: { pix: 'Pelo menos 1.', boleto: 'Informe os dias de antecedência do boleto.', tentativas: 'Informe o número de tentativas.' },
      values: { pix: '0', boleto: '2,5', tentativas: '' },
    });
    expect(parseSubscriptionSettings(form({ pix: '11', boleto: '16', tentativas: '7' }))).toMatchObject({
      ok: false,
      fieldErrors: { pix: 'No máximo 10.', boleto: 'No máximo 15.', tentativas: 'No máximo 6.' },
    });
    expect(parseSubscriptionSettings(form({ pix: '1.5', boleto: '3', tentativas: '3' }))).toMatchObject({ ok: false, fieldErrors: { pix: 'Informe os dias de antecedência do Pix com um número inteiro.' } });
    expect(parseSubscriptionSettings(form({ pix: ' 2 ', boleto: '5', tentativas: '2' }))).toEqual({ ok: true, value: { leadDays: { pix: 2, boleto: 5 }, maxUnpaidInRow: 2 } });
  });
});

describe('the cycle job follows them', () => {
  it('more days ahead moves a running subscription’s creation day at once, and the cycle is charged that early', async () => {
    const s = await activeSubscription('pix');
    expect(s.nextCreateOn).toBe('2027-02-27');
    await saveSubscriptionSettings({ leadDays: { pix: 4, boleto: 3 }, maxUnpaidInRow: 3 });
    expect((await subscriptionRow(s.id)).nextCreateOn).toBe('2027-02-24');
    await runCyclePass({ now: at('2027-02-23') });
    expect(await cyclesOf(s.id)).toHaveLength(1);
    await runCyclePass({ now: at('2027-02-24') });
    expect((await cyclesOf(s.id)).map((c) => [c.cycle, c.cycleDate, c.status])).toEqual([
      [0, '2027-01-31', 'paid'],
      [1, '2027-02-28', 'open'],
    ]);
    // The next one is counted with the new days too: 31/03 − 4.
    expect((await subscriptionRow(s.id)).nextCreateOn).toBe('2027-03-27');
  });

  it('a boleto subscription moves with the boleto’s days only; a new subscription takes them', async () => {
    const pix = await activeSubscription('pix');
    const boleto = await activeSubscription('boleto');
    expect(boleto.nextCreateOn).toBe('2027-02-25');
    await saveSubscriptionSettings({ leadDays: { pix: 1, boleto: 5 }, maxUnpaidInRow: 3 });
    expect((await subscriptionRow(boleto.id)).nextCreateOn).toBe('2027-02-23');
    expect((await subscriptionRow(pix.id)).nextCreateOn).toBe('2027-02-27');
    const fresh = await activeSubscription('boleto');
    expect(fresh.nextCreateOn).toBe('2027-02-23');
  });

  it('"Tentativas" 2: suspended after the second unpaid cycle in a row', async () => {
    await saveSubscriptionSettings({ leadDays: { pix: 1, boleto: 3 }, maxUnpaidInRow: 2 });
    const s = await activeSubscription('pix');
    for (const [i, day] of ['2027-02-27', '2027-03-30'].entries()) {
      await runCyclePass({ now: at(day) });
      await expireCycle(fake, s.id, i + 1);
      await runCyclePass({ now: at(day) });
    }
    expect(await subscriptionRow(s.id)).toMatchObject({ status: 'suspended', unpaidInRow: 2 });
  });
});
