import { describe, expect, it } from 'vitest';
import { fulfilmentEventsOf, numberedOrder, orderRow, outboxOf, s10Code, withFulfilmentOrders } from '@/test/fulfilment/orders';
import { raceWorkers } from '@/test/worker-process';
import { applyFulfilmentMove } from './apply-move';
import { bulkShipSummary, checkBulkShip, shipSelected, type BulkShipReport } from './bulk-ship';
import { parseTracking } from './tracking';

const ACTOR = 'loja@example.com';

function checked(rows: { orderId: string; code: string }[]) {
  const r = checkBulkShip({ carrier: 'Correios', rows });
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.rows;
}

withFulfilmentOrders();

describe('checkBulkShip', () => {
  it('puts each bad code beside its own order, and applies nothing', () => {
    const r = checkBulkShip({ carrier: 'Correios', rows: [{ orderId: 'a', code: s10Code(1) }, { orderId: 'b', code: 'AB123' }, { orderId: 'c', code: '' }] });
    expect(r.ok).toBe(false);
    expect(r.ok === false && Object.keys(r.codeErrors)).toEqual(['b', 'c']);
  });

  it('refuses a carrier outside the list for the demonstration account', () => {
    const r = checkBulkShip({ carrier: 'Minha transportadora', rows: [{ orderId: 'a', code: 'X1' }] }, 'known');
    expect(r).toMatchObject({ ok: false, carrierError: expect.stringContaining('transportadoras da lista') });
  });
});

describe('shipSelected', () => {
  it('ships the others when the one in the middle was already sent, and names it', async () => {
    const [a, b, c] = [await numberedOrder(1041), await numberedOrder(1043), await numberedOrder(1044)];
    const sent = parseTracking({ carrier: 'Correios', code: s10Code(9) });
    if (!sent.ok) throw new Error('bad code');
    expect((await applyFulfilmentMove(b.id, { move: 'ship', tracking: sent.value }, ACTOR)).ok).toBe(true);

    const report = await shipSelected(
      checked([
        { orderId: a.id, code: s10Code(1) },
        { orderId: b.id, code: s10Code(2) },
        { orderId: c.id, code: s10Code(3) },
      ]),
      ACTOR,
    );
    expect(report.lines.map((l) => [l.label, l.kind])).toEqual([
      ['#1041', 'applied'],
      ['#1043', 'refused'],
      ['#1044', 'applied'],
    ]);
    expect(bulkShipSummary(report)).toBe('2 enviados, 1 recusado: #1043 já foi enviado');
    expect((await orderRow(b.id)).trackingCode).toBe(s10Code(9));
    expect((await orderRow(c.id)).trackingCode).toBe(s10Code(3));
    expect(await fulfilmentEventsOf(b.id)).toHaveLength(1);
    for (const o of [a, c]) expect((await outboxOf(o.id)).filter((e) => e.kind === 'shipped')).toHaveLength(1);
  });

  it('says why an order that cannot ship is refused (pickup, unpaid)', async () => {
    const [a, b] = [await numberedOrder(1050, { method: 'pickup' }), await numberedOrder(1051, { status: 'pending' })];
    const report = await shipSelected(
      checked([
        { orderId: a.id, code: s10Code(1) },
        { orderId: b.id, code: s10Code(2) },
      ]),
      ACTOR,
    );
    expect(bulkShipSummary(report)).toBe(
      '0 enviados, 2 recusados: #1050: este pedido é para retirar na loja, não para enviar; #1051: só um pedido pago pode ser enviado ou retirado',
    );
  });

  it('the same selection sent again moves nothing: each order already sent with its code', async () => {
    const o = await numberedOrder(1060);
    const rows = checked([{ orderId: o.id, code: s10Code(1) }]);
    await shipSelected(rows, ACTOR);
    const again = await shipSelected(rows, ACTOR);
    expect(bulkShipSummary(again)).toBe('0 enviados, 1 já estava enviado com o mesmo código');
    expect(await fulfilmentEventsOf(o.id)).toHaveLength(1);
  });
});

describe('two tabs, two server processes, "Marcar como enviados" on the same three orders at once', () => {
  it('move each order once, with one timeline entry and one e-mail each', async () => {
    const list = [await numberedOrder(1071), await numberedOrder(1072), await numberedOrder(1073)];
    const args = list.map((o, i) => `${o.id}=${s10Code(i + 1)}`);
    const reports = await raceWorkers<BulkShipReport>('test/fulfilment/bulk-ship-worker.ts', [args, args]);
    for (const r of reports) expect(r.lines).toHaveLength(3);
    // Each order: one tab moved it; the other found it already sent (same code) or just moved.
    for (const [i, o] of list.entries()) {
      const kinds = reports.map((r) => r.lines[i].kind).sort();
      expect(kinds[0]).toBe('applied');
      expect(kinds[1]).not.toBe('applied');
      expect(await fulfilmentEventsOf(o.id)).toHaveLength(1);
      expect((await outboxOf(o.id)).filter((e) => e.kind === 'shipped')).toHaveLength(1);
      expect((await orderRow(o.id)).fulfillmentStatus).toBe('shipped');
    }
    expect(reports[0].applied + reports[1].applied).toBe(3);
  }, 90_000);
});
