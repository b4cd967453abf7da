import { describe, expect, it } from 'vitest';
import { parseDecimalInput, parseSettingsForm, settingInputText } from './settings-form';

const form = (values: Record<string, string>) => ({ get: (k: string) => values[k] ?? null });
const valid = { boletoFinePercent: '2', boletoInterestPercent: '0,1', boletoGraceDays: '5', boletoDueDays: '3', pixExpirationDays: '1', stockHoldMinutes: '60' };

describe('parseSettingsForm', () => {
  it('reads Brazilian decimals', () => {
    expect(parseSettingsForm(form({ ...valid, boletoFinePercent: '2,5 %' }))).toEqual({
      ok: true,
      value: { boletoFinePercent: 2.5, boletoInterestPercent: 0.1, boletoGraceDays: 5, boletoDueDays: 3, pixExpirationDays: 1, pixDiscountBps: 0, stockHoldMinutes: 60, requireBuyerPhone: false },
    });
  });
  it('puts the API limits on each field', () => {
    const r = parseSettingsForm(form({ boletoFinePercent: '0,05', boletoInterestPercent: '101', boletoGraceDays: '31', boletoDueDays: '0', pixExpirationDays: '1,5' }));
    expect(r).toMatchObject({
      ok: false,
      fieldErrors: {
        boletoFinePercent: 'A multa deve ser de pelo menos 0,1%.',
        boletoInterestPercent: 'Os juros devem ser de no máximo 100%.',
        boletoGraceDays: 'A tolerância deve ser de no máximo 30 dias.',
        boletoDueDays: 'O vencimento deve ser de pelo menos 1 dia.',
        pixExpirationDays: 'Use um número inteiro de dias.',
      },
    });
  });
  it('keeps what was typed and names missing and non-numeric fields', () => {
    const r = parseSettingsForm(form({ ...valid, boletoFinePercent: 'dois', boletoDueDays: '' }));
    expect(r).toEqual({
      ok: false,
      fieldErrors: { boletoFinePercent: 'Use um número, por exemplo 2 ou 0,1.', boletoDueDays: 'Informe os dias até o vencimento.' },
      values: { ...valid, boletoFinePercent: 'dois', boletoDueDays: '', pixDiscountBps: '', requireBuyerPhone: '' },
    });
  });
  it('reads the Pix discount as exact basis points, 0 to 30 % with two decimals', () => {
    expect(parseSettingsForm(form({ ...valid, pixDiscountBps: '5,25' }))).toMatchObject({ ok: true, value: { pixDiscountBps: 525 } });
    expect(parseSettingsForm(form({ ...valid, pixDiscountBps: '30' }))).toMatchObject({ ok: true, value: { pixDiscountBps: 3000 } });
    expect(parseSettingsForm(form({ ...valid, pixDiscountBps: '30,01' }))).toMatchObject({ ok: false, fieldErrors: { pixDiscountBps: 'O desconto no Pix pode ser de no máximo 30%.' } });
    expect(parseSettingsForm(form({ ...valid, pixDiscountBps: '5,255' }))).toMatchObject({
      ok: false,
      fieldErrors: { pixDiscountBps: 'Use um número com até 2 casas decimais, por exemplo 5 ou 5,25.' },
      values: { pixDiscountBps: '5,255' },
    });
  });
  it('reads "Reserva de estoque" in minutes, 0 to 72 hours, with a clear message', () => {
    expect(parseSettingsForm(form({ ...valid, stockHoldMinutes: '0' }))).toMatchObject({ ok: true, value: { stockHoldMinutes: 0 } });
    expect(parseSettingsForm(form({ ...valid, stockHoldMinutes: '4320' }))).toMatchObject({ ok: true, value: { stockHoldMinutes: 4320 } });
    const range = 'A reserva de estoque deve ser de 0 a 4.320 minutos (72 horas).';
    expect(parseSettingsForm(form({ ...valid, stockHoldMinutes: '4321' }))).toMatchObject({ ok: false, fieldErrors: { stockHoldMinutes: range }, values: { stockHoldMinutes: '4321' } });
    expect(parseSettingsForm(form({ ...valid, stockHoldMinutes: '1,5' }))).toMatchObject({ ok: false, fieldErrors: { stockHoldMinutes: 'Use um número inteiro de minutos.' } });
    expect(parseSettingsForm(form({ ...valid, stockHoldMinutes: '' }))).toMatchObject({ ok: false, fieldErrors: { stockHoldMinutes: 'Informe a reserva de estoque em minutos (0 para não reservar).' } });
  });
  it('reads "Exigir celular (WhatsApp)" from its checkbox, off when unticked', () => {
    expect(parseSettingsForm(form({ ...valid, requireBuyerPhone: 'on' }))).toMatchObject({ ok: true, value: { requireBuyerPhone: true } });
    expect(parseSettingsForm(form(valid))).toMatchObject({ ok: true, value: { requireBuyerPhone: false } });
    expect(parseSettingsForm(form({ ...valid, requireBuyerPhone: 'on', boletoDueDays: '' }))).toMatchObject({ ok: false, values: { requireBuyerPhone: 'on' } });
  });
  it('parses and prints numbers', () => {
    expect(parseDecimalInput(' 0.25 ')).toBe(0.25);
    expect(parseDecimalInput('1e3')).toBeNaN();
    expect(parseDecimalInput('')).toBeUndefined();
    expect(settingInputText(0.1)).toBe('0,1');
  });
});
