import { describe, expect, it } from 'vitest';
import { amountInputText, parseRefundForm } from './refund-form';

const ok = { amount: '10,50', reason: '3', description: 'Cliente desistiu' };

describe('parseRefundForm', () => {
  it('reads a Brazilian amount, the reason and the description', () => {
    expect(parseRefundForm(ok, 5000)).toEqual({ ok: true, value: { amountCents: 1050, reason: 3, description: 'Cliente desistiu' } });
    expect(parseRefundForm({ ...ok, amount: 'R$ 1.234,56' }, 200000)).toMatchObject({ ok: true, value: { amountCents: 123456 } });
    expect(parseRefundForm({ ...ok, amount: '50' }, 5000)).toMatchObject({ ok: true, value: { amountCents: 5000 } });
  });
  it('refuses an amount above the total, zero, or not an amount', () => {
    expect(parseRefundForm({ ...ok, amount: '50,01' }, 5000)).toEqual({
      ok: false,
      fieldErrors: { amount: 'O valor não pode passar do total pago (R$ 50,00).' },
    });
    expect(parseRefundForm({ ...ok, amount: '0' }, 5000)).toMatchObject({ fieldErrors: { amount: 'O valor deve ser maior que zero.' } });
    expect(parseRefundForm({ ...ok, amount: '10,999' }, 5000)).toMatchObject({ fieldErrors: { amount: 'Valor inválido: use o formato 1.234,56.' } });
    expect(parseRefundForm({ ...ok, amount: '' }, 5000)).toMatchObject({ fieldErrors: { amount: 'Informe o valor do reembolso.' } });
  });
  it('refuses a reason outside 1–4 and an empty or long description', () => {
    const r = parseRefundForm({ amount: '1', reason: '5', description: ' ' }, 5000);
    expect(r).toEqual({ ok: false, fieldErrors: { reason: 'Escolha o motivo do reembolso.', description: 'Descreva o motivo do reembolso.' } });
    expect(parseRefundForm({ ...ok, description: 'x'.repeat(256) }, 5000)).toMatchObject({ fieldErrors: { description: 'Use no máximo 255 caracteres.' } });
    expect(parseRefundForm({ ...ok, reason: undefined }, 5000)).toMatchObject({ ok: false });
  });
  it('formats the default amount', () => {
    expect(amountInputText(123456)).toBe('1.234,56');
  });
});
