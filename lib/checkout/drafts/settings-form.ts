/**
 * The "Carrinhos abandonados" settings form: per reminder "Enviar" and the hours after the last
 * change (1 to 720, each later than the one before when both are on); the 2nd and 3rd may name
 * an existing coupon. Pure but for the coupon lookup passed in.
 */
import type { ReminderStep } from './settings';
import { typedValues } from '@/lib/forms/typed-values';

/** On a refusal, `values` is what was typed (each field by name), for the form to show again. */
export type ReminderForm = { ok: true; steps: ReminderStep[] } | { ok: false; fieldErrors: Record<string, string>; values: Record<string, string> };

const FIELDS = ['step1On', 'step1Hours', 'step2On', 'step2Hours', 'step2Coupon', 'step3On', 'step3Hours', 'step3Coupon'];


export async function parseReminderForm(form: FormData, couponExists: (code: string) => Promise<boolean>): Promise<ReminderForm> {
  const fieldErrors: Record<string, string> = {};
  const steps: ReminderStep[] = [];
  for (const n of [1, 2, 3] as const) {
    const on = form.get(`step${n}On`) === 'on';
    const raw = String(form.get(`step${n}Hours`) ?? '').trim().replace(',', '.');
    const hours = Number(raw);
    if (!/^\d+(\.\d+)?$/.test(raw) || hours < 1 || hours > 720) fieldErrors[`step${n}Hours`] = 'Informe de 1 a 720 horas.';
    let coupon: string | null = null;
    if (n > 1) {
      const code = String(form.get(`step${n}Coupon`) ?? '').trim().toUpperCase();
      if (code) {
        if (await couponExists(code)) coupon = code;
        else fieldErrors[`step${n}Coupon`] = 'Nenhum cupom com este código. Crie o cupom em Cupons primeiro.';
      }
    }
    steps.push({ step: n, on, minutes: Math.round(hours * 60), coupon });
  }
  const on = steps.filter((s) => s.on);
  for (let i = 1; i < on.length; i++) {
    if (on[i].minutes <= on[i - 1].minutes && !fieldErrors[`step${on[i].step}Hours`]) fieldErrors[`step${on[i].step}Hours`] = 'Este lembrete precisa vir depois do anterior.';
  }
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors, values: typedValues(form, FIELDS, { maxLength: 100 }) } : { ok: true, steps };
}
