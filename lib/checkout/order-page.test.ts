/**
 * The shop's order page as one view model (shopOrderPageView), against the real database: which
 * payment block shows, when the page waits for the charge's code, the way back to an API
 * session's store, the later Pix attempts the order's terms allow, and the refused attempt's notice.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { apiKeyOrigins, apiKeys, checkoutSessions, orders, payments, type Order } from '@/db/schema';
import { ATTEMPT_MESSAGES } from '@/lib/payments/attempts';
import { newId } from '@/lib/security/tokens';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { attemptNoticeOf, holdEndText, orderHeadline, shopOrderPageView } from './order-page';

const db = () => database().db;
let keyId: string;

beforeAll(async () => {
  await prepareDatabase();
  keyId = newId();
  await db().insert(apiKeys).values({ id: keyId, name: 'Loja externa', mode: 'test', keyHash: `hash-${keyId}`, hint: 'abcd' });
  await db().insert(apiKeyOrigins).values({ apiKeyId: keyId, origin: 'https://loja.example' });
});
afterAll(async () => {
  await updateSettings({ ...DEFAULT_SETTINGS });
});
beforeEach(async () => {
  await updateSettings({ ...DEFAULT_SETTINGS, pixDiscountBps: 1000 });
});

/** An order of R$ 100,00 with its payment; `code`: the charge already has its boleto line or Pix code. */
async function placed(o: Parameters<typeof insertOrderWithPayment>[0] & { code?: boolean } = {}): Promise<Order> {
  const { code = true, ...rest } = o;
  const { order, payment } = await insertOrderWithPayment({ totalCents: 10_000, ...rest });
  await db().update(orders).set({ itemsCents: 10_000 }).where(eq(orders.id, order.id));
  if (code) await db().update(payments).set(order.method === 'pix' ? { pixCode: '00020126…' } : { barcode: '1'.repeat(44) }).where(eq(payments.id, payment.id));
  return order;
}

const view = async (o: Order, notice?: string | string[]) => (await shopOrderPageView(o.token, notice))!;

describe('shopOrderPageView: the shop order page, one view model', () => {
  it('a pending boleto: the boleto, "Pagar com Pix agora" at the shop\'s Pix discount, no way back to a store', async () => {
    const v = await view(await placed({ method: 'boleto' }));
    expect(v).toMatchObject({ headline: 'Seu boleto', block: 'boleto', failed: false, waitingForArtifacts: false, storeUrl: null, pixSwitch: { pixDiscountBps: 1000 }, pixRenewal: false, notice: null });
    expect(v.initial).toMatchObject({ status: 'pending', paid_at: null, refunded_cents: 0 });
  });

  it('waits for the charge while its Pix code or boleto line is not there yet', async () => {
    expect((await view(await placed({ method: 'pix', code: false }))).waitingForArtifacts).toBe(true);
    expect((await view(await placed({ method: 'boleto', code: false }))).waitingForArtifacts).toBe(true);
    expect(await view(await placed({ method: 'pix' }))).toMatchObject({ headline: 'Falta só pagar o Pix', block: 'pix', waitingForArtifacts: false, pixSwitch: null });
  });

  it('a charge that could not be made: "Nada foi cobrado" (a new order), nothing to wait for', async () => {
    const v = await view(await placed({ method: 'pix', createState: 'failed', code: false }));
    expect(v).toMatchObject({ block: 'failed', failed: true, waitingForArtifacts: false });
  });

  it('an expired Pix offers "Gerar novo Pix"; a paid order offers no attempt', async () => {
    expect(await view(await placed({ method: 'pix', status: 'expired' }))).toMatchObject({ headline: 'Pedido expirado', block: null, pixRenewal: true, pixSwitch: null });
    expect(await view(await placed({ method: 'boleto', status: 'paid' }))).toMatchObject({ headline: 'Pedido pago', block: null, pixRenewal: false, pixSwitch: null, waitingForArtifacts: false });
  });

  it("an API session's order: back to its store (a known origin only), and only the attempts its terms allow", async () => {
    const fromSession = async (o: Order, methods: string, successUrl: string) =>
      db()
        .insert(checkoutSessions)
        .values({ id: `cs_${newId().replace(/-/g, '')}`, apiKeyId: keyId, lines: '[]', amountTotalCents: 10_000, methods, successUrl, expiresAt: new Date(Date.now() + 3_600_000).toISOString(), orderId: o.id });
    const boletoOnly = await placed({ method: 'boleto' });
    await fromSession(boletoOnly, 'boleto', 'https://loja.example/obrigado');
    expect(await view(boletoOnly)).toMatchObject({ storeUrl: 'https://loja.example/obrigado', pixSwitch: null });
    const both = await placed({ method: 'boleto' });
    await fromSession(both, 'pix,boleto', 'https://outra.example/obrigado');
    // The store's price is final (no Pix discount), and an origin the key does not name gets no button.
    expect(await view(both)).toMatchObject({ storeUrl: null, pixSwitch: { pixDiscountBps: 0 } });
  });

  it("shows the refused attempt's words for a notice the action sets, none for anything else", async () => {
    const o = await placed({ method: 'boleto' });
    expect((await view(o, 'falhou')).notice).toBe('Não foi possível gerar o Pix agora. Tente de novo em instantes.');
    expect((await view(o, 'esgotado')).notice).toContain('esgotado');
    for (const other of ['toString', 'outro', ['falhou', 'falhou']]) expect((await view(o, other)).notice).toBeNull();
  });

  it('is null for a token no order has', async () => {
    expect(await shopOrderPageView('nenhum-pedido')).toBeNull();
  });
});

describe('attemptNoticeOf', () => {
  it("maps an attempt's refusal to the notice the page shows", () => {
    expect(attemptNoticeOf(ATTEMPT_MESSAGES.failed)).toBe('falhou');
    expect(attemptNoticeOf('O produto Café está esgotado.')).toBe('esgotado');
    expect(attemptNoticeOf('Esta compra aceita só boleto.')).toBe('indisponivel');
  });
});

describe('orderHeadline: the heading follows the order', () => {
  const paid = (status: 'unfulfilled' | 'shipped' | 'delivered' | 'ready_for_pickup' | 'picked_up') => ({ status: 'paid' as const, method: 'pix' as const, fulfillment: { status, carrier: null, tracking_code: null, tracking_url: null } });
  it('says sent, delivered, ready or picked up once paid', () => {
    expect(orderHeadline(paid('unfulfilled'))).toBe('Pedido pago');
    expect(orderHeadline(paid('shipped'))).toBe('Pedido enviado');
    expect(orderHeadline(paid('delivered'))).toBe('Pedido entregue');
    expect(orderHeadline(paid('ready_for_pickup'))).toBe('Pronto para retirada');
    expect(orderHeadline(paid('picked_up'))).toBe('Pedido retirado');
    expect(orderHeadline({ status: 'pending', method: 'pix' })).toBe('Falta só pagar o Pix');
  });
});

describe('holdEndText: until when an unpaid order holds its units', () => {
  it('the hour today, the day and hour another day, nothing once over', () => {
    const now = Date.parse('2026-12-05T15:00:00Z'); // 12:00 in São Paulo
    expect(holdEndText(now + 3_600_000, now)).toBe('13:00');
    expect(holdEndText(now + 24 * 3_600_000, now)).toBe('06/12 12:00');
    expect(holdEndText(now - 1, now)).toBeNull();
  });
});
