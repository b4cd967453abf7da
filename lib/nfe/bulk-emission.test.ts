/** "Emitir NF-e" on a selection of orders, through the embedded Bling sandbox. */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BlingSandbox } from '@balcao/bling-sandbox';
import { database } from '@/db';
import { blingSettings, orderInvoices, orders } from '@/db/schema';
import { clearOrders, prepareDatabase } from '@/test/payments/db';
import { connectBling, paidOrderWithItem, startBlingContext, testClock, type Clock } from '@/test/nfe/bling';
import { bulkEmitSummary, emitSelected, type BulkEmitReport } from './bulk-emission';
import type { BlingTarget } from './connection';

let clock: Clock;
let sb: BlingSandbox;
let target: () => BlingTarget;

beforeAll(prepareDatabase);
beforeEach(async () => {
  clock = testClock();
  ({ sb, target } = startBlingContext(clock));
  sb.db.exec('DELETE FROM notes; DELETE FROM tokens; DELETE FROM codes; DELETE FROM sales_orders; DELETE FROM contacts');
  await database().db.delete(orderInvoices);
  await clearOrders();
  await database().db.delete(blingSettings);
  await connectBling(sb);
});

const deps = () => ({ now: clock.now, sleep: clock.sleep, target: target() });
const rowsOf = async (orderId: string) => database().db.select().from(orderInvoices).where(eq(orderInvoices.orderId, orderId));

describe('emitSelected', () => {
  it('makes one emission per paid order, refuses the unpaid one by name, and a second submit makes none', async () => {
    const a = await paidOrderWithItem({ number: 1040 });
    const b = await paidOrderWithItem({ number: 1041 });
    const c = await paidOrderWithItem({ number: 1042 });
    const unpaid = await paidOrderWithItem({ number: 1043 });
    await database().db.update(orders).set({ status: 'pending' }).where(eq(orders.id, unpaid.orderId));
    const ids = [a.orderId, b.orderId, unpaid.orderId, c.orderId];

    const first = await emitSelected(ids, deps());
    if (!first.ok) throw new Error(first.message);
    expect(bulkEmitSummary(first.report)).toBe('3 emitidas, 1 recusado: #1043 não está pago');
    expect(first.report.lines.map((l) => l.kind)).toEqual(['applied', 'applied', 'refused', 'applied']);

    // Two tabs submitting the same selection at once: still one row per order.
    const again = await Promise.all([emitSelected(ids, deps()), emitSelected(ids, deps())]);
    for (const r of again) expect(r.ok && bulkEmitSummary(r.report)).toBe('0 emitidas, 3 já tinham NF-e, 1 recusado: #1043 não está pago');
    for (const o of [a, b, c]) expect(await rowsOf(o.orderId)).toHaveLength(1);
    expect(await rowsOf(unpaid.orderId)).toHaveLength(0);
  });

  it('refuses the whole selection when Bling is not connected, writing nothing', async () => {
    const a = await paidOrderWithItem();
    await database().db.delete(blingSettings);
    expect(await emitSelected([a.orderId], deps())).toEqual({ ok: false, message: 'Conecte o Bling em Configurações → Nota fiscal.' });
    expect(await rowsOf(a.orderId)).toHaveLength(0);
  });
});

describe('bulkEmitSummary', () => {
  it('names up to five refused orders', () => {
    const lines = Array.from({ length: 7 }, (_, i) => ({ orderId: String(i), label: `#${i + 1}`, kind: 'refused' as const, message: 'Não está pago.' }));
    const report: BulkEmitReport = { lines, applied: 0, unchanged: 0, refused: 7 };
    expect(bulkEmitSummary(report)).toBe('0 emitidas, 7 recusados: #1 não está pago; #2 não está pago; #3 não está pago; #4 não está pago; #5 não está pago; e mais 2');
  });
});
