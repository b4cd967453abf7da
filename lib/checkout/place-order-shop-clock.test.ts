/**
 * A charge's due date counts from the shop's clock: with the embedded sandbox as the provider
 * that is the sandbox's clock, which checks the date against its own today. After the clock moved
 * two days (a demo, a journey), a Pix and a boleto are still created, due from the moved day.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, saoPauloDate } from '@balcao/br/dates';
import { simulatorAdvanceClock } from '@balcao/payment-sandbox';
import { database } from '@/db';
import { payments } from '@/db/schema';
import { defaultSandbox, stopSandboxWorker } from '@/lib/embedded-provider';
import { shopNow, shopToday } from '@/lib/embedded-provider/clock';
import { startProcessContext } from '@/lib/process/context';
import { prepareDatabase, productIdBySlug } from '@/test/payments/db';
import { rowsByToken } from '@/test/payments/place';
import { placeOrder } from './place-order';

const SP = { zip: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
let cafe: number;

beforeAll(async () => {
  startProcessContext();
  await prepareDatabase();
  cafe = await productIdBySlug('cafe-especial-250g');
  await simulatorAdvanceClock(defaultSandbox(), 2 * 24 * 3600);
}, 60_000);
afterAll(async () => {
  await stopSandboxWorker();
  startProcessContext();
});

describe("a charge's due date on the shop's clock", () => {
  it('follows the sandbox clock once it moved, so the sandbox takes the Pix and the boleto', async () => {
    expect(shopToday()).toBe(saoPauloDate(new Date(shopNow())));
    expect(shopToday() > saoPauloDate()).toBe(true);
    for (const method of ['pix', 'boleto'] as const) {
      const address = method === 'boleto' ? { address: SP } : {};
      const r = await placeOrder({ checkoutKey: randomUUID(), method, buyer: { name: 'Maria da Silva', document: '52998224725', email: `m-${method}@example.com` }, items: [{ productId: cafe, quantity: 1 }], delivery: SP, ...address });
      expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
      if (!r.ok) continue;
      const { order } = await rowsByToken(r.orderToken);
      const [payment] = await database().db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(payment.status).not.toBe('failed');
      expect(payment.providerId).toBeTruthy();
      expect(payment.dueDate! >= addDays(shopToday(), 1)).toBe(true);
    }
  });
});
