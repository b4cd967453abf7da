import { describe, expect, it } from 'vitest';
import { parseManualRefundForm } from './manual-refund-form';

const form = (o: Record<string, string>) => ({ get: (k: string) => o[k] ?? null });

describe('parseManualRefundForm', () => {
  it('reads the amount as a Brazilian types it and the reason', () => {
    expect(parseManualRefundForm(form({ amount: '1.234,56', reason: '  Transferência   Pix ' }), 200000)).toEqual({ ok: true, value: { amountCents: 123456, reason: 'Transferência Pix' } });
  });
  it('puts each error next to its field and keeps what was typed', () => {
    expect(parseManualRefundForm(form({ amount: '50,01', reason: '' }), 5000)).toEqual({
      ok: false,
      fieldErrors: { amount: 'O valor não pode passar do total pago (R$ 50,00).', reason: 'Diga por que e como o valor foi devolvido (ex.: transferência Pix em 10/03).' },
      values: { amount: '50,01', reason: '' },
    });
    expect(parseManualRefundForm(form({ amount: 'abc', reason: 'x' }), 5000)).toMatchObject({ ok: false, fieldErrors: { amount: 'Valor inválido: use o formato 1.234,56.' } });
  });
});
