import { describe, expect, it } from 'vitest';
import { parseReminderForm } from './settings-form';

const form = (o: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(o)) f.set(k, v);
  return f;
};
const exists = async (code: string) => code === 'VOLTA10';

describe('the "Carrinhos abandonados" form', () => {
  it('reads each reminder, in minutes, with an existing coupon', async () => {
    const r = await parseReminderForm(form({ step1On: 'on', step1Hours: '1', step2On: 'on', step2Hours: '24', step2Coupon: 'volta10', step3Hours: '72' }), exists);
    expect(r).toEqual({
      ok: true,
      steps: [
        { step: 1, on: true, minutes: 60, coupon: null },
        { step: 2, on: true, minutes: 1440, coupon: 'VOLTA10' },
        { step: 3, on: false, minutes: 4320, coupon: null },
      ],
    });
  });
  it('refuses an unknown coupon, hours out of range and a reminder before the previous one', async () => {
    const r = await parseReminderForm(form({ step1On: 'on', step1Hours: '0', step2On: 'on', step2Hours: '24', step2Coupon: 'NADA', step3On: 'on', step3Hours: '12' }), exists);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({
      step1Hours: 'Informe de 1 a 720 horas.',
      step2Coupon: 'Nenhum cupom com este código. Crie o cupom em Cupons primeiro.',
      step3Hours: 'Este lembrete precisa vir depois do anterior.',
    });
    // What was typed comes back, for the form to show it again (a switched-off reminder's "on" is "", a field not sent too).
    expect(r.values).toEqual({ step1On: 'on', step1Hours: '0', step2On: 'on', step2Hours: '24', step2Coupon: 'NADA', step3On: 'on', step3Hours: '12', step3Coupon: '' });
    const off = await parseReminderForm(form({ step1Hours: '1', step2Hours: 'x', step3Hours: '72' }), exists);
    expect(!off.ok && off.values).toEqual({ step1On: '', step1Hours: '1', step2On: '', step2Hours: 'x', step2Coupon: '', step3On: '', step3Hours: '72', step3Coupon: '' });
  });
});
