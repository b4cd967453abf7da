'use client';

import { useActionState } from 'react';
import { MoneyInput } from '@/app/_components/masked-input';
import { UFS } from '@balcao/br/uf';
import { PICKUP_ADDRESS_MAX, REGIONS, regionField, ufField, UFS_BY_REGION } from '@/lib/shipping/words';
import styles from '../settings.module.css';
import { saveShippingAction } from './actions';
import { describedBy, FieldNotes } from '../field-notes';
import { SaveBar } from '../save-bar';

export function ShippingForm({ initial }: { initial: Record<string, string> }) {
  const [state, formAction, pending] = useActionState(saveShippingAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  // After a refused save React resets the form: show what was typed, not the stored value.
  const values = (state && !state.ok ? state.values : undefined) ?? initial;
  const hasUfRates = UFS.some(([uf]) => initial[ufField(uf)]) || UFS.some(([uf]) => errors[ufField(uf)]);

  const money = (name: string, label: string, hint?: string) => {
    const error = errors[name];
    return (
      <div className="field" key={name}>
        <label htmlFor={name}>{label}</label>
        <div className={styles.withSuffix}>
          <span aria-hidden="true">R$</span>
          <MoneyInput id={name} name={name} defaultValue={values[name] ?? ''} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, { hint: !!hint, error })} />
        </div>
        <FieldNotes name={name} hint={hint} error={error} />
      </div>
    );
  };

  return (
    <form action={formAction} className="stack" noValidate>
      <fieldset className={`card ${styles.group}`}>
        <legend>Frete por região</legend>
        <div className="form-grid two">
          {money('national', 'Todo o Brasil', 'Vale onde não houver frete da região ou do estado. Em branco: não entrega fora deles.')}
          {REGIONS.map((r) => money(regionField(r), r, `${UFS_BY_REGION[r].join(', ')}. Em branco: vale o de todo o Brasil.`))}
        </div>
      </fieldset>

      <fieldset className={`card ${styles.group}`}>
        <legend>Frete por estado</legend>
        <details className={styles.details} open={hasUfRates || undefined}>
          <summary>Tarifas por estado (opcional)</summary>
          <p className="field-hint">Em branco: vale o frete da região.</p>
          <div className={styles.ufGrid}>{UFS.map(([uf, name]) => money(ufField(uf), `${uf} · ${name}`))}</div>
        </details>
      </fieldset>

      <fieldset className={`card ${styles.group}`}>
        <legend>Frete grátis</legend>
        {money('freeAbove', 'Frete grátis a partir de', 'Soma dos produtos do pedido, antes do desconto do Pix. Em branco: sem frete grátis.')}
      </fieldset>

      <fieldset className={`card ${styles.group}`}>
        <legend>Retirada na loja</legend>
        <div className="stack">
          <div className={styles.checkRow}>
            <input type="checkbox" id="pickupEnabled" name="pickupEnabled" defaultChecked={values.pickupEnabled === 'on'} />
            <label htmlFor="pickupEnabled">Oferecer &quot;Retirar na loja&quot; (sem frete)</label>
          </div>
          <div className="field">
            <label htmlFor="pickupAddress">Endereço de retirada</label>
            <textarea
              id="pickupAddress"
              name="pickupAddress"
              rows={3}
              maxLength={PICKUP_ADDRESS_MAX}
              defaultValue={values.pickupAddress ?? ''}
              aria-invalid={errors.pickupAddress ? true : undefined}
              aria-describedby={describedBy('pickupAddress', { error: errors.pickupAddress })}
            />
            <FieldNotes name="pickupAddress" hint="Aparece para o comprador ao escolher a retirada, com horários se quiser." error={errors.pickupAddress} />
          </div>
        </div>
      </fieldset>
      <SaveBar state={state} pending={pending} label="Salvar regras de entrega" />
    </form>
  );
}
