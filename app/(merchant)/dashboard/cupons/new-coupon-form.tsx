'use client';

import { useActionState, useEffect, useRef } from 'react';
import type { ActionState } from '@/lib/auth';
import type { CouponField } from '@/lib/coupons/coupon-form';
import { ActionResult } from '@/app/(merchant)/dashboard/_components/action-result';
import { createCouponAction } from './actions';

/**
 * "Novo cupom". Works without JavaScript; a refused submit shows each message next to its field
 * and everything typed; focus goes to the first field in error.
 */
export function NewCouponForm() {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(createCouponAction, null);
  const failed = state && !state.ok ? state : null;
  const errors = (failed?.fieldErrors ?? {}) as Partial<Record<CouponField, string>>;
  const values = (failed?.values ?? { kind: 'percent' }) as Partial<Record<CouponField, string>>;
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!failed) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failed]);

  const describe = (name: CouponField, hint = false) => [errors[name] ? `cupom-${name}-erro` : null, hint ? `cupom-${name}-dica` : null].filter(Boolean).join(' ') || undefined;
  const errorOf = (name: CouponField) =>
    errors[name] ? (
      <p id={`cupom-${name}-erro`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  const text = (name: CouponField, label: string, opts: { hint?: string; inputMode?: 'numeric' | 'decimal'; type?: 'date' } = {}) => (
    <div className="field">
      <label htmlFor={`cupom-${name}`}>{label}</label>
      <input
        id={`cupom-${name}`}
        name={name}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        defaultValue={values[name] ?? ''}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describe(name, Boolean(opts.hint))}
        autoComplete="off"
      />
      {errorOf(name)}
      {opts.hint ? (
        <p id={`cupom-${name}-dica`} className="field-hint">
          {opts.hint}
        </p>
      ) : null}
    </div>
  );

  return (
    <form ref={formRef} action={formAction} noValidate className="card stack" key={state?.ok ? state.at : 'form'}>
      <ActionResult state={state} />
      <div className="form-grid">
        {text('code', 'Código', { hint: 'Letras e números; maiúsculas e minúsculas valem igual.' })}
        <fieldset className="field plain-fieldset" aria-describedby={errors.kind ? 'cupom-kind-erro' : undefined}>
          <legend>Tipo</legend>
          <label className="check">
            <input type="radio" name="kind" value="percent" defaultChecked={values.kind !== 'fixed' && values.kind !== 'free_shipping'} /> Percentual
          </label>
          <label className="check">
            <input type="radio" name="kind" value="fixed" defaultChecked={values.kind === 'fixed'} /> Valor fixo
          </label>
          <label className="check">
            <input type="radio" name="kind" value="free_shipping" defaultChecked={values.kind === 'free_shipping'} /> Frete grátis
          </label>
          {errorOf('kind')}
        </fieldset>
        {text('value', 'Valor', { hint: 'Percentual: 10 ou 7,5. Valor fixo: em reais, como 15,00. Frete grátis: deixe em branco.', inputMode: 'decimal' })}
        {text('minSubtotal', 'Pedido mínimo', { hint: 'Em reais, sobre os produtos. Em branco: sem mínimo.', inputMode: 'decimal' })}
        {text('startsOn', 'Início', { type: 'date' })}
        {text('endsOn', 'Válido até', { type: 'date' })}
        {text('maxUses', 'Limite de usos', { hint: 'Em branco: sem limite.', inputMode: 'numeric' })}
        <div className="field">
          <label className="check">
            <input type="checkbox" name="onePerDocument" defaultChecked={values.onePerDocument === 'on'} /> Um por CPF
          </label>
        </div>
      </div>
      <button type="submit" className="btn" disabled={pending}>
        {pending ? 'Criando…' : 'Criar cupom'}
      </button>
    </form>
  );
}
