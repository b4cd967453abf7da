import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { applyObservation } from '@/lib/payments/apply';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { startProcessContext } from '@/lib/process/context';
import { insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { promisedDates } from './delivery-promise';
import { addWorkingDays, isWorkingDay } from './working-days';

beforeAll(async () => {
  startProcessContext();
  await prepareDatabase();
});

describe('working days', () => {
  it('skip weekends and Brazil\'s national holidays', () => {
    expect(isWorkingDay('2026-12-25')).toBe(false); // Natal, a Friday
    expect(addWorkingDays('2026-12-24', 1)).toBe('2026-12-28'); // Thu + 1: not Christmas, not the weekend
    expect(addWorkingDays('2026-04-20', 1)).toBe('2026-04-22'); // Tiradentes (Tue 21/04)
    expect(addWorkingDays('2026-11-19', 2)).toBe('2026-11-24'); // Consciência Negra (Fri 20/11), weekend
    expect(addWorkingDays('2026-12-31', 1)).toBe('2027-01-04'); // Ano Novo (Fri), weekend
    expect(addWorkingDays('2026-11-27', 5)).toBe('2026-12-04'); // no holiday in between
  });

  it('a promise is counted from the day given', () => {
    expect(promisedDates('2026-12-23', 1, 3)).toEqual({ from: '2026-12-24', to: '2026-12-29' });
    expect(promisedDates('2026-12-23', null, null)).toEqual({ from: null, to: null });
  });
});

describe('"Chega entre …" at payment', () => {
  it('an order placed days ago and paid now gets dates counted from today, not from when it was placed', async () => {
    const { order, payment } = await insertOrderWithPayment({ method: 'boleto' });
    await database()
      .db.update(orders)
      .set({ shippingMethod: 'delivery', deliveryMinDays: 2, deliveryMaxDays: 4, deliveryFromDate: '2020-01-02', deliveryToDate: '2020-01-06' })
      .where(eq(orders.id, order.id));
    await applyObservation(payment.id, { method: 'boleto', providerStatus: '4', observed: chargeStateOf('boleto', 4), artifacts: {} }, 'webhook');
    const [row] = await database().db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('paid');
    expect(row.deliveryFromDate).toBe(addWorkingDays(saoPauloDate(), 2));
    expect(row.deliveryToDate).toBe(addWorkingDays(saoPauloDate(), 4));
  });
});
