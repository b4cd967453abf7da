'use client';

import { useActionState } from 'react';
import type { ActionState } from '@/lib/auth';
import { SaveBar } from '../save-bar';
import type { ReminderStep } from '@/lib/checkout';

const TITLES = { 1: '1º lembrete', 2: '2º lembrete', 3: '3º lembrete' } as const;

/** The three reminders: "Enviar", the hours after the last change and, on the 2nd and 3rd, a coupon. */
export function RemindersForm({ steps, action, denied }: { steps: ReminderStep[]; action: (prev: ActionState, form: FormData) => Promise<ActionState>; denied?: string }) {
  const [state, formAction, pending] = useActionState(action, null);
  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  // After a refusal the form shows what was typed (React resets a form after its action), else what is saved.
  const typed = state && !state.ok ? state.values : undefined;
  return (
    <form action={formAction} className="card stack" noValidate>
      {steps.map((s) => (
        <fieldset key={s.step} className="stack">
          <legend>{TITLES[s.step]}</legend>
          <label className="check">
            <input type="checkbox" name={`step${s.step}On`} defaultChecked={typed ? typed[`step${s.step}On`] === 'on' : s.on} /> Enviar
          </label>
          <div className="field">
            <label htmlFor={`step${s.step}Hours`}>Horas após a última alteração</label>
            <input
              id={`step${s.step}Hours`}
              name={`step${s.step}Hours`}
              inputMode="numeric"
              defaultValue={typed ? (typed[`step${s.step}Hours`] ?? '') : String(s.minutes / 60)}
              aria-invalid={errors[`step${s.step}Hours`] ? true : undefined}
              aria-describedby={errors[`step${s.step}Hours`] ? `step${s.step}Hours-error` : undefined}
            />
            {errors[`step${s.step}Hours`] ? (
              <p id={`step${s.step}Hours-error`} className="field-error">
                {errors[`step${s.step}Hours`]}
              </p>
            ) : null}
          </div>
          {s.step > 1 ? (
            <div className="field">
              <label htmlFor={`step${s.step}Coupon`}>Cupom (opcional)</label>
              <input
                id={`step${s.step}Coupon`}
                name={`step${s.step}Coupon`}
                defaultValue={typed ? (typed[`step${s.step}Coupon`] ?? '') : (s.coupon ?? '')}
                autoCapitalize="characters"
                aria-invalid={errors[`step${s.step}Coupon`] ? true : undefined}
                aria-describedby={`step${s.step}Coupon-hint${errors[`step${s.step}Coupon`] ? ` step${s.step}Coupon-error` : ''}`}
              />
              <p id={`step${s.step}Coupon-hint`} className="small muted">
                Um cupom já criado em Cupons (ex.: VOLTA10). O link do e-mail já o aplica.
              </p>
              {errors[`step${s.step}Coupon`] ? (
                <p id={`step${s.step}Coupon-error`} className="field-error">
                  {errors[`step${s.step}Coupon`]}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      ))}
      <SaveBar state={state} pending={pending} label="Salvar" denied={denied} />
    </form>
  );
}
