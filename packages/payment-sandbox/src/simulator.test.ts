import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { barcodeToDigitableLine, formatDigitableLine } from '@balcao/br/boleto';
import {
  simulatorAdvanceClock,
  simulatorExpire,
  simulatorPay,
  simulatorPayCode,
  simulatorRedeliver,
  simulatorRefundBoleto,
  simulatorRefuse,
  simulatorState,
} from './simulator';
import { advance, createBoleto, createPix, newSandbox, OTHER_KEY, read, type TestSandbox } from '../test/fixtures';

let s: TestSandbox;
beforeEach(() => {
  s = newSandbox();
});
afterEach(() => s.close());

describe('simulator state', () => {
  test('lists every key’s payments, newest first, with Portuguese labels and what can be done', async () => {
    const boleto = await createBoleto(s.ctx);
    const { id: pix } = await createPix(s.ctx, {}, OTHER_KEY);
    let state = simulatorState(s.ctx);
    expect(state.payments.map((p) => p.id)).toEqual([pix, boleto]);
    expect(state.payments.map((p) => p.label)).toEqual(['Em ativação', 'Em registro']);
    expect(state.payments[0].owner).toBe('sk_s…key');
    expect(state.payments[1].owner).toBe('sk_s…dev');
    expect(state.payments[0].canPay).toBe(false);
    await advance(s.ctx, 2);
    state = simulatorState(s.ctx);
    expect(state.payments.map((p) => [p.label, p.apiStatus, p.canPay])).toEqual([
      ['Aguardando pagamento', 'active', true],
      ['Aguardando pagamento', '2', true],
    ]);
    expect(state.payments[1].digitableLine).toMatch(/^\d{47}$/);
    expect(state.payments[0].amount).toBe('R$ 42,90');
    expect(state.offsetMs).toBe(2000);
  });
});

describe('simulator actions', () => {
  test('pay, refund a boleto, expire, refuse — with messages in Portuguese', async () => {
    const a = await createBoleto(s.ctx);
    const b = await createBoleto(s.ctx);
    const { id: c } = await createPix(s.ctx);
    expect(simulatorPay(s.ctx, a)).toEqual({ ok: false, error: 'Não foi possível pagar: a cobrança está “Em registro”.' });
    await advance(s.ctx, 2);
    expect(simulatorPay(s.ctx, a)).toEqual({ ok: true, message: 'Pagamento confirmado.' });
    expect(simulatorRefundBoleto(s.ctx, a)).toEqual({ ok: true, message: 'Boleto reembolsado.' });
    expect(simulatorExpire(s.ctx, b)).toMatchObject({ ok: true });
    expect(simulatorRefuse(s.ctx, c)).toMatchObject({ ok: true });
    expect((await read(s.ctx, 'boleto', a)).status).toBe(5);
    expect((await read(s.ctx, 'boleto', b)).status).toBe(3);
    expect((await read(s.ctx, 'pix', c)).status).toBe('canceled');
    const labels = Object.fromEntries(simulatorState(s.ctx).payments.map((p) => [p.id, p.label]));
    expect(labels).toEqual({ [a]: 'Reembolsado', [b]: 'Expirado', [c]: 'Recusado' });
    expect(simulatorExpire(s.ctx, b)).toEqual({ ok: false, error: 'Não foi possível expirar: a cobrança está “Expirado”.' });
    expect(simulatorPay(s.ctx, 'not-an-id')).toEqual({ ok: false, error: 'Cobrança não encontrada.' });
    expect(simulatorPay(s.ctx, '00000000-0000-4000-8000-000000000000')).toEqual({ ok: false, error: 'Cobrança não encontrada.' });
  });

  test('pay by code accepts a formatted digitable line and explains bad codes', async () => {
    const id = await createBoleto(s.ctx);
    await advance(s.ctx, 2);
    const line = formatDigitableLine(barcodeToDigitableLine((await read(s.ctx, 'boleto', id)).barcode as string));
    expect(simulatorPayCode(s.ctx, line)).toEqual({ ok: true, message: 'Boleto pago.' });
    expect(simulatorPayCode(s.ctx, '')).toMatchObject({ ok: false });
    expect(simulatorPayCode(s.ctx, 'abc')).toMatchObject({ ok: false, error: expect.stringMatching(/^Código não reconhecido/) });
    expect(simulatorPayCode(s.ctx, line.replace(/\d$/, (d) => String((Number(d) + 1) % 10)))).toMatchObject({ ok: false, error: expect.stringMatching(/^Linha digitável inválida/) });
  });

  test('redeliver needs a notification_url and events', async () => {
    const id = await createBoleto(s.ctx);
    expect(simulatorRedeliver(s.ctx, id)).toMatchObject({ ok: false, error: expect.stringMatching(/notification_url/) });
  });

  test('advance the clock: 0 to 10 years', async () => {
    expect(simulatorAdvanceClock(s.ctx, -1)).toMatchObject({ ok: false });
    expect(simulatorAdvanceClock(s.ctx, Number.NaN)).toMatchObject({ ok: false });
    expect(simulatorAdvanceClock(s.ctx, 3600)).toEqual({ ok: true, message: 'Relógio do sandbox adiantado.' });
    expect(simulatorState(s.ctx).offsetMs).toBe(3_600_000);
  });
});
