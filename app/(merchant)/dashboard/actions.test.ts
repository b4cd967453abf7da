import { encode } from 'next-auth/jwt';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, ensureMigrated } from '@/db';
import { activityLog, merchantSettings, users } from '@/db/schema';
import { and, desc, eq, gt } from 'drizzle-orm';
import { env } from '@/lib/config/env';
import { SESSION_EXPIRED_MESSAGE } from '@/lib/auth/session';
import { insertOrders, type InsertedOrder } from '@/test/dashboard/fixtures';
import { getSettings } from '@/lib/payment-settings/settings';
import { formData as fd } from '@/test/form-data';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies }) }));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));
const payments = vi.hoisted(() => ({
  cancelOrderPayment: vi.fn(async () => ({ ok: true as const, message: 'Cobrança cancelada.' })),
  refundOrderPayment: vi.fn(async () => ({ ok: false as const, error: 'O serviço de pagamentos recusou a operação.' })),
  reconcileOrder: vi.fn(async () => ({ changed: true })),
  reconcileAll: vi.fn(async () => ({ checked: 3, changed: 1 })),
  refundDoublePayment: vi.fn(async () => ({ ok: true as const, message: 'Reembolso de R$ 50,00 concluído.' })),
  returnOrderStock: vi.fn(async () => ({ ok: true as const, units: 2 })),
}));
vi.mock('@/lib/payments/merchant-actions', () => ({
  cancelOrderPayment: payments.cancelOrderPayment,
  refundOrderPayment: payments.refundOrderPayment,
  refundDoublePayment: payments.refundDoublePayment,
}));
vi.mock('@/lib/payments/return-stock', () => ({ returnOrderStock: payments.returnOrderStock }));
vi.mock('@/lib/payments/reconcile', () => ({ reconcileOrder: payments.reconcileOrder, reconcileAll: payments.reconcileAll }));

const actions = await import('./actions');

let order: InsertedOrder;
let sessionCookie: string;

beforeAll(async () => {
  await ensureMigrated();
  await db().insert(merchantSettings).values({ id: 1 }).onConflictDoNothing();
  const [u] = await db().insert(users).values({ email: 'acoes@balcao.dev', name: 'Loja Ações', passwordHash: 'x' }).returning();
  sessionCookie = await encode({ token: { sub: String(u.id) }, secret: env().authSecret });
  [order] = await insertOrders([{ status: 'paid', method: 'pix', totalCents: 5000 }]);
});
beforeEach(() => {
  jar.cookies = [];
  vi.clearAllMocks();
});
const signIn = () => {
  jar.cookies = [{ name: 'next-auth.session-token', value: sessionCookie }];
};

describe('without a session every action is refused and nothing runs', () => {
  it.each([
    ['cancelOrderAction', () => actions.cancelOrderAction(null, fd({ orderId: order.id }))],
    ['refundOrderAction', () => actions.refundOrderAction(null, fd({ orderId: order.id, amount: '10,00', reason: '3', description: 'x' }))],
    ['reconcileOrderAction', () => actions.reconcileOrderAction(null, fd({ orderId: order.id }))],
    ['reconcileAllAction', () => actions.reconcileAllAction(null, fd({}))],
    ['saveSettingsAction', () => actions.saveSettingsAction(null, fd({ boletoFinePercent: '5', boletoInterestPercent: '1', boletoGraceDays: '2', boletoDueDays: '2', pixExpirationDays: '2' }))],
  ])('%s', async (_name, call) => {
    const before = await getSettings();
    expect(await call()).toMatchObject({ ok: false, error: SESSION_EXPIRED_MESSAGE });
    for (const fn of Object.values(payments)) expect(fn).not.toHaveBeenCalled();
    expect(await getSettings()).toEqual(before);
  });

  it('a forged cookie is no session', async () => {
    jar.cookies = [{ name: 'next-auth.session-token', value: await encode({ token: { sub: '1' }, secret: 'x'.repeat(40) }) }];
    expect(await actions.cancelOrderAction(null, fd({ orderId: order.id }))).toMatchObject({ ok: false, error: SESSION_EXPIRED_MESSAGE });
    expect(payments.cancelOrderPayment).not.toHaveBeenCalled();
  });
});

describe('with a session', () => {
  it('cancels with the merchant as actor', async () => {
    signIn();
    expect(await actions.cancelOrderAction(null, fd({ orderId: order.id.toUpperCase() }))).toMatchObject({ ok: true, message: 'Cobrança cancelada.' });
    expect(payments.cancelOrderPayment).toHaveBeenCalledWith(order.id, 'acoes@balcao.dev');
  });

  it('refuses an unknown or malformed order id', async () => {
    signIn();
    expect(await actions.cancelOrderAction(null, fd({ orderId: 'abc' }))).toMatchObject({ ok: false, error: 'Pedido não encontrado.' });
    expect(await actions.reconcileOrderAction(null, fd({ orderId: '00000000-0000-4000-8000-000000000000' }))).toMatchObject({ ok: false, error: 'Pedido não encontrado.' });
    expect(payments.cancelOrderPayment).not.toHaveBeenCalled();
    expect(payments.reconcileOrder).not.toHaveBeenCalled();
  });

  it('checks the refund form against the order total before calling the use-case', async () => {
    signIn();
    const r = await actions.refundOrderAction(null, fd({ orderId: order.id, amount: '60,00', reason: '3', description: 'x' }));
    expect(r).toMatchObject({ ok: false, fieldErrors: { amount: 'O valor não pode passar do total pago (R$ 50,00).' } });
    expect(payments.refundOrderPayment).not.toHaveBeenCalled();
  });

  it('passes a valid refund on and shows the use-case refusal', async () => {
    signIn();
    const r = await actions.refundOrderAction(null, fd({ orderId: order.id, amount: '12,34', reason: '2', description: ' Suspeita ' }));
    expect(payments.refundOrderPayment).toHaveBeenCalledWith(order.id, { amountCents: 1234, reason: 2, description: 'Suspeita' }, 'acoes@balcao.dev');
    expect(r).toMatchObject({ ok: false, error: 'O serviço de pagamentos recusou a operação.' });
  });

  it('reports reconciliation results in Portuguese', async () => {
    signIn();
    expect(await actions.reconcileOrderAction(null, fd({ orderId: order.id }))).toMatchObject({ ok: true, message: 'Status atualizado com o que o provedor informou.' });
    payments.reconcileOrder.mockResolvedValueOnce({ changed: false, error: 'O serviço de pagamentos não respondeu. Tente novamente em instantes.' } as never);
    expect(await actions.reconcileOrderAction(null, fd({ orderId: order.id }))).toMatchObject({ ok: false, error: 'O serviço de pagamentos não respondeu. Tente novamente em instantes.' });
    expect(await actions.reconcileAllAction(null, fd({}))).toMatchObject({ ok: true, message: '3 cobranças conferidas com o provedor; 1 atualizada.' });
  });

  it('saves valid settings and refuses invalid ones field by field', async () => {
    signIn();
    const bad = await actions.saveSettingsAction(null, fd({ boletoFinePercent: '0', boletoInterestPercent: '1', boletoGraceDays: '2', boletoDueDays: '2', pixExpirationDays: '2' }));
    expect(bad).toMatchObject({ ok: false, fieldErrors: { boletoFinePercent: 'A multa deve ser de pelo menos 0,1%.' }, values: { boletoFinePercent: '0' } });
    const good = await actions.saveSettingsAction(null, fd({ boletoFinePercent: '2,5', boletoInterestPercent: '0,2', boletoGraceDays: '7', boletoDueDays: '4', pixExpirationDays: '2', pixDiscountBps: '5,25', stockHoldMinutes: '90' }));
    expect(good).toMatchObject({ ok: true });
    expect(await getSettings()).toEqual({ boletoFinePercent: 2.5, boletoInterestPercent: 0.2, boletoGraceDays: 7, boletoDueDays: 4, pixExpirationDays: 2, pixDiscountBps: 525, stockHoldMinutes: 90, requireBuyerPhone: false });
    // "Exigir celular (WhatsApp) do comprador": a ticked box turns it on, an unticked one (absent) off.
    const phoneOn = await actions.saveSettingsAction(null, fd({ boletoFinePercent: '2,5', boletoInterestPercent: '0,2', boletoGraceDays: '7', boletoDueDays: '4', pixExpirationDays: '2', pixDiscountBps: '5,25', stockHoldMinutes: '90', requireBuyerPhone: 'on' }));
    expect(phoneOn).toMatchObject({ ok: true });
    expect((await getSettings()).requireBuyerPhone).toBe(true);
    await actions.saveSettingsAction(null, fd({ boletoFinePercent: '2,5', boletoInterestPercent: '0,2', boletoGraceDays: '7', boletoDueDays: '4', pixExpirationDays: '2', pixDiscountBps: '5,25', stockHoldMinutes: '90' }));
    expect((await getSettings()).requireBuyerPhone).toBe(false);
    // "Reserva de estoque": 0 to 72 hours, said next to the field; nothing saved.
    const tooLong = await actions.saveSettingsAction(null, fd({ boletoFinePercent: '2,5', boletoInterestPercent: '0,2', boletoGraceDays: '7', boletoDueDays: '4', pixExpirationDays: '2', stockHoldMinutes: '5000' }));
    expect(tooLong).toMatchObject({ ok: false, fieldErrors: { stockHoldMinutes: 'A reserva de estoque deve ser de 0 a 4.320 minutos (72 horas).' }, values: { stockHoldMinutes: '5000' } });
    expect((await getSettings()).stockHoldMinutes).toBe(90);
  });

  it('writes the activity log for the double-payment refund, "Reconciliar" (one order and all) and the stock return', async () => {
    signIn();
    // Only what this test writes (the reconciliation test above logged too).
    const [last] = await db().select({ id: activityLog.id }).from(activityLog).orderBy(desc(activityLog.id)).limit(1);
    const since = last?.id ?? 0;
    const logged = async (action: string) =>
      (await db().select().from(activityLog).where(and(eq(activityLog.action, action), eq(activityLog.actorEmail, 'acoes@balcao.dev'), gt(activityLog.id, since)))).map((r) => [r.summary, r.target]);
    expect(await actions.refundDoubleAction(null, fd({ orderId: order.id }))).toMatchObject({ ok: true });
    expect(await logged('refund')).toEqual([[expect.stringMatching(/^Reembolsou o Pix pago em duplicidade do pedido /), order.id]]);
    await actions.reconcileOrderAction(null, fd({ orderId: order.id }));
    await actions.reconcileAllAction(null, fd({}));
    expect(await logged('reconcile')).toEqual([
      [expect.stringMatching(/^Conferiu o pedido .+ com o provedor: status atualizado$/), order.id],
      ['Reconciliou as cobranças em aberto: conferidas 3, atualizadas 1', null],
    ]);
    expect(await actions.returnStockAction(null, fd({ orderId: order.id }))).toMatchObject({ ok: true, message: '2 unidades devolvidas ao estoque.' });
    expect(await logged('stock_return')).toEqual([[expect.stringMatching(/^Devolveu ao estoque 2 unidades do pedido /), order.id]]);
    // A refused use-case writes nothing.
    payments.refundDoublePayment.mockResolvedValueOnce({ ok: false, error: 'Pedido não encontrado.' } as never);
    await actions.refundDoubleAction(null, fd({ orderId: order.id }));
    expect(await logged('refund')).toHaveLength(1);
  });
});
